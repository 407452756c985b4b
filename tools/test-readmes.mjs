#!/usr/bin/env node
// Runs the code blocks of the root README, every package README and the user guides (docs/use)
// against the built packages (`npm run test:readmes`, part of `npm test`). Convention for README
// authors: DEVELOPERS.md, "README examples".
// Usage: node tools/test-readmes.mjs [--consumer <dir>] [README.md ...]
//   --consumer <dir>  resolve packages from a project that installed the packed tarballs
//                     (check:packages does this) instead of from the workspace.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeIsolation, formatOutcome, runReadmeExamples } from './lib/readme-harness.mjs';
import { guideFiles, readmeFiles, repoRoot } from './lib/workspace.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { consumer: { type: 'string' } },
});
const resolveRoot = values.consumer ? resolve(values.consumer) : repoRoot;
if (!existsSync(join(resolveRoot, 'node_modules'))) {
  console.error(`test:readmes: ${resolveRoot} has no node_modules; run npm ci first`);
  process.exit(2);
}
const readmes = positionals.length ? positionals.map((p) => resolve(p)) : [...readmeFiles(), ...guideFiles()];
const started = performance.now();
console.log(
  `README examples from ${readmes.length} files, packages from ${resolveRoot}; ${describeIsolation()}`,
);
const outcomes = await runReadmeExamples({
  readmes,
  resolveRoot,
  sandbox: join(resolveRoot, 'tmp', `readme-tests-${process.pid}`),
});

// Everything not already printed while running (parse errors, skips), then a summary.
for (const outcome of outcomes)
  if (outcome.kind === 'md' || outcome.status === 'skipped') console.log(formatOutcome(outcome));
const count = (status) => outcomes.filter((o) => o.status === status).length;
const failed = outcomes.filter((o) => o.status === 'failed');
if (failed.length) {
  console.log('\nFailed README examples:');
  for (const outcome of failed) console.log(`  ${outcome.location}`);
  console.log(
    'Fix the example, or mark an illustrative block with <!-- readme-test: skip <reason> --> (DEVELOPERS.md).',
  );
}
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
console.log(`readmes: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`);
process.exit(failed.length ? 1 : 0);
