// Runs one command for the README harness: in its own process group (so a timeout or a forgotten
// server takes every child down), without network (a fresh network namespace with only loopback
// when `unshare` allows it, otherwise a Node preload that refuses non-loopback connections), and
// with a time limit. Output is captured, never streamed, so failures can be reported in one place.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const GUARD = fileURLToPath(new URL('./no-network.mjs', import.meta.url));
const OUTPUT_LIMIT = 64 * 1024;

let isolation;
/** 'netns' when every process can be put into an empty network namespace, else 'node-guard'. */
export function networkIsolation() {
  if (isolation) return isolation;
  const probe = spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' });
  isolation = probe.status === 0 ? 'netns' : 'node-guard';
  return isolation;
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number, isolation?: 'netns' | 'node-guard' }} options
 * @returns {Promise<{ code: number | null, signal: string | null, timedOut: boolean, output: string }>}
 */
export function runIsolated(command, args, { cwd, env, timeoutMs, isolation = networkIsolation() }) {
  const guarded = { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import ${GUARD}`.trim() };
  const [file, argv, childEnv] =
    isolation === 'netns'
      ? ['unshare', ['-rn', 'sh', '-c', 'ip link set lo up && exec "$0" "$@"', command, ...args], env]
      : [command, args, guarded];
  return new Promise((resolve) => {
    const child = spawn(file, argv, {
      cwd,
      env: childEnv,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk) => {
      if (output.length < OUTPUT_LIMIT) output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, signal: null, timedOut, output: `${output}${error.message}\n` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      killGroup(child.pid); // whatever the example left running in the background
      if (output.length >= OUTPUT_LIMIT)
        output = `${output.slice(0, OUTPUT_LIMIT)}\n… (output cut at 64 KiB)\n`;
      resolve({ code, signal, timedOut, output });
    });
  });
}

function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}
