// tsc as a consumer of the packages runs it: strict, NodeNext, Node's types, nothing of the
// repository's own tsconfig. Used for README examples and for the published declaration files.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './workspace.mjs';

const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/**
 * Writes `dir/tsconfig.json` for `files` (relative to dir) and type-checks them.
 * @returns {{ status: number | null, output: string }} output: tsc's diagnostics, paths relative to dir
 */
export function consumerTsc(dir, files, { skipLibCheck }) {
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck,
      types: ['node'],
      typeRoots: [join(repoRoot, 'node_modules', '@types')],
    },
    files,
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const result = spawnSync(process.execPath, [TSC, '-p', 'tsconfig.json', '--pretty', 'false'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
