#!/usr/bin/env node
// `npm run build`, the root `prepare` (so `npm ci` leaves bins and `import('@toolarsenal/…')` working) and
// the first step of `npm test`: every package's build. One `tsc -b` process builds every
// packages/*/tsconfig.build.json in dependency order (their project references): the standard library,
// @types/node and each package's declarations are parsed once, not once per package, which takes about a
// third of the CPU of one `tsc -p` per package. It is incremental (`dist/.tsbuildinfo`): a package whose
// inputs did not change is not rebuilt. Then the steps a package's `build` script runs after its
// `tsc -p tsconfig.build.json` (the inspector's page, openapi's precompiled validators) run in that
// package, so its package.json stays the one place that says how it is built (`npm run build -w <pkg>`
// and `nx run <pkg>:build` still work alone).
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { buildPlan } from './lib/build-plan.mjs';
import { repoRoot } from './lib/workspace.mjs';

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const started = performance.now();
const plan = buildPlan();
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const projects = plan.map(({ folder }) => join('packages', folder, 'tsconfig.build.json'));
let status = run(process.execPath, [tsc, '-b', ...projects], { cwd: repoRoot });
// The steps after tsc, as npm would run them: in the package, with the workspace's bins on PATH.
const bins = join(repoRoot, 'node_modules', '.bin');
for (const { folder, dir, after } of status === 0 ? plan : []) {
  if (after === '') continue;
  const env = {
    ...process.env,
    PATH: [join(dir, 'node_modules', '.bin'), bins, process.env.PATH].join(delimiter),
  };
  status = run(after, [], { cwd: dir, env, shell: true });
  if (status !== 0) {
    console.error(`build: packages/${folder}: \`${after}\` failed`);
    break;
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`build: ${plan.length} packages ${status === 0 ? 'built' : 'FAILED'} (${seconds} s)`);
process.exit(status);
