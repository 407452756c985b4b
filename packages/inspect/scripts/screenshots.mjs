// Regenerates the README's screenshots (docs/screenshots/*.png) with the real browser: runs the CLI's
// browser suite, `toolarsenal inspect --config examples/gateway/toolarsenal.yaml` in headless Chromium,
// which saves each view it checks; then re-encodes each PNG with a 256-colour palette so the README stays
// light. `npm run screenshots -w @toolarsenal/inspect` (needs Debian's chromium).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import UPNG from 'upng-js';

const shots = join(import.meta.dirname, '../docs/screenshots');
const run = spawnSync('npx', ['vitest', 'run', 'src/commands/inspect-browser.test.ts'], {
  cwd: join(import.meta.dirname, '../../toolarsenal'),
  stdio: 'inherit',
  env: { ...process.env, INSPECT_UPDATE_SCREENSHOTS: '1', INSPECT_REQUIRE_BROWSER: '1' },
});
if (run.status !== 0) {
  console.error('screenshots: the browser suite failed; docs/screenshots may be partly refreshed');
  process.exit(run.status ?? 1);
}

const rows = ['| screenshot | as captured | in the README |', '| --- | ---: | ---: |'];
for (const name of readdirSync(shots)
  .filter((file) => file.endsWith('.png'))
  .sort()) {
  const file = join(shots, name);
  const captured = readFileSync(file);
  const image = UPNG.decode(
    captured.buffer.slice(captured.byteOffset, captured.byteOffset + captured.length),
  );
  const small = Buffer.from(UPNG.encode(UPNG.toRGBA8(image), image.width, image.height, 256));
  // A file already re-encoded by an earlier run is left as it is.
  if (small.length < captured.length) writeFileSync(file, small);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  rows.push(`| ${name} | ${kb(captured.length)} | ${kb(Math.min(small.length, captured.length))} |`);
}
console.log(rows.join('\n'));
