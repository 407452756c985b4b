import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const TSC = fileURLToPath(new URL('../../../../node_modules/typescript/bin/tsc', import.meta.url));

/** Compiles files with the real compiler in strict mode; returns its diagnostics and CPU time. */
export function tscStrict(...files: string[]): { status: number | null; output: string } {
  const run = spawnSync(
    process.execPath,
    [TSC, '--strict', '--noEmit', '--skipLibCheck', '--target', 'ES2022', '--module', 'NodeNext', ...files],
    { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
