import assert from 'node:assert/strict';
import { test } from 'node:test';
import { repoRoot } from './workspace.mjs';
import { runIsolated } from './sandboxed-run.mjs';

// A child that tries the registry, then a server of its own on loopback.
const probe = `
try { await fetch('https://registry.npmjs.org/'); console.log('remote: reached'); }
catch (error) { console.log('remote: refused', error.cause?.code ?? error.code); }
const { createServer } = await import('node:http');
const server = createServer((_, res) => res.end('local ok')).listen(0, '127.0.0.1', async () => {
  const res = await fetch('http://127.0.0.1:' + server.address().port + '/');
  console.log(await res.text());
  server.close();
});
`;

for (const isolation of ['node-guard', 'netns']) {
  test(`${isolation}: remote hosts are refused, loopback works`, async (t) => {
    if (isolation === 'netns') {
      const { networkIsolation } = await import('./sandboxed-run.mjs');
      if (networkIsolation() !== 'netns') return t.skip('no unshare on this machine');
    }
    const result = await runIsolated(process.execPath, ['--input-type=module', '-e', probe], {
      cwd: repoRoot,
      env: process.env,
      timeoutMs: 30_000,
      isolation,
    });
    assert.equal(result.code, 0, result.output);
    assert.match(result.output, /^remote: refused/m);
    assert.match(result.output, /^local ok$/m);
  });
}

test('a timeout kills the whole process group, background children included', async () => {
  const result = await runIsolated('bash', ['-c', 'sleep 30 & echo $!; wait'], {
    cwd: repoRoot,
    env: process.env,
    timeoutMs: 500,
    isolation: 'node-guard',
  });
  assert.equal(result.timedOut, true);
  assert.equal(result.signal, 'SIGKILL');
  const background = Number(result.output.trim());
  assert.ok(background > 0, result.output);
  // SIGKILL is immediate, but the orphan is reaped by init on its own schedule: poll for it.
  const alive = () => {
    try {
      process.kill(background, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (let i = 0; i < 100 && alive(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(alive(), false, `background child ${background} still runs`);
});
