// Runs every README example against built packages: the workspace's (npm test: packages resolve
// through node_modules to their dist/ via the exports map) or a consumer project's installed tarballs
// (check:packages). ts blocks are type-checked together with tsc, then compiled with esbuild and run
// with node; js blocks run with node; sh blocks run with bash (npm install lines are checked against the
// packages, not run).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { compileScript } from '../test-support/compile-fixtures.mjs';
import { consumerTsc } from './consumer-tsc.mjs';
import { programLocation, readmeLine, readmePrograms, splitInstalls } from './readme-programs.mjs';
import { networkIsolation, runIsolated } from './sandboxed-run.mjs';
import { publishablePackages, repoRoot } from './workspace.mjs';

// .mts/.mjs are ES modules without a package.json: the sandbox has none, so `npx <package>` resolves
// from the project around it (the repository or the consumer), as it would for a reader.
const EXT = { ts: 'mts', js: 'mjs', sh: 'sh' };

/**
 * @typedef {import('./readme-programs.mjs').Program} Program
 * @typedef {{ location: string, kind: string, status: 'passed' | 'failed' | 'skipped', detail: string,
 *   seconds: number }} Outcome
 */

/**
 * @param {{ readmes: string[], resolveRoot: string, sandbox: string, defaultTimeoutSeconds?: number,
 *   concurrency?: number, log?: (line: string) => void }} options
 *   resolveRoot: the project whose node_modules the examples import from (the repository or a consumer);
 *   sandbox: a directory inside resolveRoot, created fresh and removed afterwards.
 * @returns {Promise<Outcome[]>}
 */
export async function runReadmeExamples(options) {
  const {
    readmes,
    resolveRoot,
    sandbox,
    defaultTimeoutSeconds = 60,
    concurrency = 2,
    log = console.log,
  } = options;
  rmSync(sandbox, { recursive: true, force: true });
  mkdirSync(sandbox, { recursive: true });
  try {
    const known = knownPackages();
    /** @type {Outcome[]} */
    const outcomes = [];
    /** @type {{ program: Program, dir: string, path: string }[]} */
    const runnable = [];

    for (const readme of readmes) {
      const file = relative(repoRoot, readme);
      const { programs, files, errors } = readmePrograms(file, readFileSync(readme, 'utf8'), {
        defaultTimeoutSeconds,
      });
      for (const error of errors)
        outcomes.push({
          location: `${error.file}:${error.line}`,
          kind: 'md',
          status: 'failed',
          detail: error.message,
          seconds: 0,
        });
      const dir = join(sandbox, file.replace(/[\\/]/g, '__').replace(/\.md$/i, ''));
      mkdirSync(dir, { recursive: true });
      for (const hidden of files) {
        const target = resolve(dir, hidden.name);
        if (!target.startsWith(dir)) {
          outcomes.push({
            location: `${file}:${hidden.line}`,
            kind: 'md',
            status: 'failed',
            detail: `hidden file ${hidden.name} escapes the sandbox`,
            seconds: 0,
          });
          continue;
        }
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, hidden.content);
      }
      for (const program of programs) {
        if (program.skip) {
          outcomes.push({
            location: programLocation(program),
            kind: program.kind,
            status: 'skipped',
            detail: program.skip,
            seconds: 0,
          });
          continue;
        }
        const path = join(dir, `example-L${program.segments[0].block.line}.${EXT[program.kind]}`);
        const code = program.kind === 'ts' ? `${program.code}export {};\n` : program.code;
        writeFileSync(path, code);
        runnable.push({ program, dir, path });
      }
    }

    const typeErrors = typecheck(sandbox, runnable);
    // One README's blocks share a directory and run in order; READMEs run side by side.
    const byDir = new Map();
    for (const item of runnable) byDir.set(item.dir, [...(byDir.get(item.dir) ?? []), item]);
    const queues = [...byDir.values()];
    const results = new Map();
    await Promise.all(
      Array.from({ length: Math.min(concurrency, queues.length) }, async () => {
        for (let queue = queues.shift(); queue; queue = queues.shift())
          for (const item of queue) {
            const outcome = await runOne(item, typeErrors.get(item.path), resolveRoot, known);
            results.set(item, outcome);
            log(formatOutcome(outcome));
          }
      }),
    );
    for (const item of runnable) outcomes.push(results.get(item));
    return outcomes;
  } finally {
    rmSync(sandbox, { recursive: true, force: true });
  }
}

/** Package names an `npm install` line in a README may name: ours, and what ours depend on or peer. */
function knownPackages() {
  const names = new Set();
  for (const { name, manifest } of publishablePackages()) {
    names.add(name);
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies'])
      for (const dep of Object.keys(manifest[field] ?? {})) names.add(dep);
  }
  return names;
}

/** Type-checks every ts program in one tsc run; returns the diagnostics per program file. */
function typecheck(sandbox, runnable) {
  const tsFiles = runnable.filter((r) => r.program.kind === 'ts');
  const errors = new Map();
  if (tsFiles.length === 0) return errors;
  const { status, output } = consumerTsc(
    sandbox,
    tsFiles.map((r) => relative(sandbox, r.path)),
    { skipLibCheck: true },
  );
  for (const { path, program } of tsFiles) {
    const name = relative(sandbox, path);
    const mine = output
      .split('\n')
      .filter((line) => line.startsWith(name) || line.startsWith(path))
      .map((line) => mapLines(line, program, path, name));
    if (mine.length) errors.set(path, mine.join('\n'));
  }
  if (status !== 0 && errors.size === 0) {
    // tsc failed for a reason outside the examples (bad options, a broken declaration file): say so.
    for (const { path } of tsFiles) errors.set(path, `tsc failed outside the examples:\n${output}`);
  }
  return errors;
}

async function runOne({ program, dir, path }, typeError, resolveRoot, known) {
  const location = programLocation(program);
  const started = performance.now();
  const done = (status, detail) => ({
    location,
    kind: program.kind,
    status,
    detail,
    seconds: (performance.now() - started) / 1000,
  });
  if (typeError) return done('failed', `type errors:\n${typeError}`);

  let command;
  let args;
  if (program.kind === 'sh') {
    const { installs, script } = splitInstalls(program);
    for (const { line, names } of installs) {
      const unknown = names.filter((name) => !known.has(name));
      if (unknown.length)
        return done(
          'failed',
          `${program.file}:${line}: npm install names ${unknown.join(', ')}, which is not one of this repository's packages or their dependencies`,
        );
    }
    if (script.trim() === '') return done('passed', 'install line(s) checked');
    writeFileSync(path, script);
    [command, args] = ['bash', ['-e', '-o', 'pipefail', path]];
  } else if (program.kind === 'ts') {
    // Compiled (type-checked above) with esbuild, what tsx transpiles with, and run by plain node: no
    // loader to start in every child. The inline source map keeps error lines those of the .mts file.
    const compiled = path.replace(/\.mts$/, '.mjs');
    try {
      await compileScript(path, compiled, { sourcemap: true });
    } catch (error) {
      return done('failed', `esbuild could not compile it:\n${error.message}`);
    }
    [command, args] = [process.execPath, ['--enable-source-maps', compiled]];
  } else {
    [command, args] = [process.execPath, [path]];
  }

  const env = {
    ...process.env,
    PATH: `${join(resolveRoot, 'node_modules', '.bin')}:${process.env.PATH}`,
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    FORCE_COLOR: '0',
    NO_COLOR: '1',
  };
  const result = await runIsolated(command, args, {
    cwd: dir,
    env,
    timeoutMs: program.timeoutSeconds * 1000,
  });
  const output = mapLines(result.output, program, path, relative(dir, path));
  if (result.timedOut) return done('failed', `timed out after ${program.timeoutSeconds} s\n${output}`);
  if (result.code !== program.exit)
    return done('failed', `exit ${result.code ?? result.signal} (expected ${program.exit})\n${output}`);
  return done('passed', '');
}

/** Rewrites `<program file>:<line>` (and tsc's `file(line,col)`) into README locations. */
function mapLines(text, program, path, name) {
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(
    `(?:file://)?(?:${escape(path)}|${escape(name)})(?::(\\d+)|\\((\\d+),(\\d+)\\))`,
    'g',
  );
  return text.replace(pattern, (match, colonLine, parenLine, parenCol) => {
    const line = readmeLine(program, Number(colonLine ?? parenLine));
    if (line === undefined) return match;
    return parenLine ? `${program.file}:${line}:${parenCol}` : `${program.file}:${line}`;
  });
}

export function formatOutcome(outcome) {
  const head = { passed: 'ok  ', failed: 'FAIL', skipped: 'skip' }[outcome.status];
  const time = outcome.status === 'skipped' ? '' : ` (${outcome.seconds.toFixed(1)} s)`;
  if (outcome.status === 'passed') return `${head} ${outcome.location} ${outcome.kind}${time}`;
  if (outcome.status === 'skipped') return `${head} ${outcome.location} ${outcome.kind}: ${outcome.detail}`;
  const detail = outcome.detail.trimEnd().replace(/^/gm, '     | ');
  return `${head} ${outcome.location} ${outcome.kind}${time}\n${detail}`;
}

export function describeIsolation() {
  return networkIsolation() === 'netns'
    ? 'network: none (a fresh network namespace with loopback only)'
    : 'network: Node processes refuse non-loopback connections (no `unshare` here, so sh commands other than node are not isolated)';
}
