#!/usr/bin/env node
// `npm test`: everything a clone without ../shared can check (DEVELOPERS.md, "Commands").
// The packages' build runs first: everything else reads dist/. Then three lanes run side by side:
// the packages' unit tests (Nx, two at a time; many wait on real servers and child processes, so
// the CLI's suite, the longest, gets a lane of its own) and the whole-repository checks, one after
// another (one tsc program over every package, one lint, the tools' own tests, the README
// examples), each single-threaded, so they fill the cores the tests leave idle. Every step runs
// even when another fails; the run fails when any step failed.
import { spawn } from 'node:child_process';

// The test lanes skip their `^build` dependencies (the build step built every package): an Nx build
// would rewrite dist/ (a cache hit restores a build's outputs) while tsc and the other lane's tests read it.
const nxTest = (name, ...args) => ({
  name,
  command: ['nx', ...args, '--excludeTaskDependencies', '--output-style=stream'],
  stream: true,
});
const lanes = [
  // The CLI's suite is the longest (it mostly waits on the child processes and servers it starts):
  // it starts at once in a lane of its own instead of whenever Nx's order reaches it.
  [nxTest('test toolarsenal', 'run', 'toolarsenal:test')],
  [nxTest('test (the other packages)', 'run-many', '-t', 'test', '--exclude=toolarsenal')],
  ['typecheck', 'lint', 'test:tools', 'test:readmes'].map((script) => ({
    name: script,
    command: ['npm', 'run', '--silent', script],
    stream: false,
  })),
];

/** Runs one step; streams its output or holds it until the step ends, so lanes do not interleave. */
function run(step) {
  const started = performance.now();
  return new Promise((resolve) => {
    const [command, ...args] = step.command;
    const child = spawn(command, args, {
      stdio: step.stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      // Every step after the build may rely on dist/ being built (toolarsenal's test set-up then skips its own `tsc -b`).
      env: { ...process.env, TOOLARSENAL_DIST_BUILT: step.name === 'build' ? undefined : '1' },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const finish = (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (!step.stream) {
        process.stdout.write(`\n> ${step.name} (${step.command.join(' ')})\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name: step.name, code, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

async function runLane(steps) {
  const results = [];
  for (const step of steps) results.push(await run(step));
  return results;
}

// tools/build-all.mjs: one incremental `tsc -b` over every package (a no-op check after `npm ci`'s
// prepare built them), then the packages' own steps after tsc.
const build = await run({ name: 'build', command: ['node', 'tools/build-all.mjs'], stream: true });
const results = build.code === 0 ? [build, ...(await Promise.all(lanes.map(runLane))).flat()] : [build];
console.log('\nnpm test:');
for (const { name, code, seconds } of results)
  console.log(`  ${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds.toFixed(1)} s)`);
if (build.code !== 0) console.log('  (the build failed: nothing else ran)');
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
