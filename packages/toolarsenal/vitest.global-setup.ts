import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The tests that start bin/toolarsenal.js in a child process run dist/, so dist must be the code under
// test. Built once per run, before any test file: `tsc -b` is incremental (a no-op when `nx run
// toolarsenal:build` just built it, which the test target depends on) and brings the referenced
// packages' dist up to date too.
// `npm test` (tools/test-all.mjs) builds every package before any test lane and says so: rebuilding here
// would rewrite referenced packages' dist/ while the repo-wide typecheck reads it.
export default function setup(): void {
  if (process.env.TOOLARSENAL_DIST_BUILT === '1') return;
  execFileSync(
    process.execPath,
    [
      fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url)),
      '-b',
      'tsconfig.build.json',
    ],
    { cwd: fileURLToPath(new URL('./', import.meta.url)), stdio: 'inherit' },
  );
}
