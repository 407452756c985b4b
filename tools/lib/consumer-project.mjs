// An empty project that installs the packed tarballs the way a user would, then proves they work:
// ours come from the tarballs (never the registry), every entry point loads in Node, every bin
// answers --help, and the published declaration files compile in a strict project.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { consumerTsc } from './consumer-tsc.mjs';
import { entrySpecifiers } from './tarball-rules.mjs';

/** Installs the tarballs (third-party dependencies from the registry, npm's cache first). */
export function installTarballs(consumer, tarballs) {
  writeFileSync(
    join(consumer, 'package.json'),
    `${JSON.stringify({ name: 'toolarsenal-consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
  const result = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs],
    { cwd: consumer, encoding: 'utf8' },
  );
  if (result.status !== 0) return [`npm install of the tarballs failed:\n${result.stdout}${result.stderr}`];
  return [];
}

/** Each of our packages is installed exactly once, from its tarball. */
export function lockProblems(consumer, names) {
  const lock = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8'));
  const problems = [];
  for (const name of names) {
    const entries = Object.entries(lock.packages ?? {}).filter(([key]) =>
      key.endsWith(`node_modules/${name}`),
    );
    const fromTarball = entries.filter(
      ([key, entry]) => key === `node_modules/${name}` && String(entry.resolved).startsWith('file:'),
    );
    if (fromTarball.length !== 1 || entries.length !== 1)
      problems.push(
        `${name}: expected one copy installed from its tarball, found ${entries.map(([key, e]) => `${key} (${e.resolved ?? e.version})`).join(', ') || 'none'}`,
      );
  }
  return problems;
}

/** Imports every entry point of every package in one Node process per package. */
export function loadProblems(consumer, manifests) {
  const problems = [];
  for (const manifest of manifests) {
    const specs = entrySpecifiers(manifest);
    const script = `
      const failed = [];
      for (const spec of ${JSON.stringify(specs)}) {
        try {
          const ns = await import(spec);
          if (Object.keys(ns).length === 0) failed.push(spec + ': exports nothing');
        } catch (error) {
          failed.push(spec + ': ' + (error?.stack ?? error));
        }
      }
      if (failed.length) { console.error(failed.join('\\n')); process.exit(1); }
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: consumer,
      encoding: 'utf8',
    });
    if (result.status !== 0) problems.push(`${manifest.name}: entry points do not load:\n${result.stderr}`);
    for (const bin of Object.keys(
      typeof manifest.bin === 'string' ? { [manifest.name]: 1 } : (manifest.bin ?? {}),
    )) {
      const run = spawnSync(join(consumer, 'node_modules', '.bin', bin), ['--help'], {
        cwd: consumer,
        encoding: 'utf8',
      });
      if (run.status !== 0)
        problems.push(
          `${manifest.name}: \`${bin} --help\` exited ${run.status}:\n${run.stdout}${run.stderr}`,
        );
    }
  }
  return problems;
}

/**
 * Compiles a file that imports every entry point, checking our published .d.ts files in full
 * (skipLibCheck off): a declaration that needs a type package the consumer does not get fails here.
 * Diagnostics inside third-party packages are not ours to fix and are left out. A declaration that
 * imports an optional peer dependency of its package is a note, not a problem: the package tells its
 * users to install that peer for the feature, and the consumer project here installs no optional peer.
 * @returns {{ problems: string[], notes: string[] }}
 */
export function typeProblems(consumer, manifests) {
  const specs = manifests.flatMap((m) => entrySpecifiers(m));
  const source = specs.map((spec, i) => `import * as entry${i} from '${spec}';\nvoid entry${i};\n`).join('');
  writeFileSync(join(consumer, 'entries.ts'), source);
  const { output } = consumerTsc(consumer, ['entries.ts'], { skipLibCheck: false });
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const ours = new RegExp(
    `^(entries\\.ts|node_modules/(${manifests.map((m) => escape(m.name)).join('|')})/)`,
  );
  const optionalPeers = new Map(
    manifests.map((m) => [
      m.name,
      Object.keys(m.peerDependenciesMeta ?? {}).filter((peer) => m.peerDependenciesMeta[peer]?.optional),
    ]),
  );
  const problems = [];
  const notes = [];
  for (const line of output.split('\n').filter((l) => ours.test(l))) {
    const missing = /^node_modules\/((?:@[^/]+\/)?[^/]+)\/.*error TS2307: Cannot find module '([^']+)'/.exec(
      line,
    );
    const peer =
      missing &&
      optionalPeers.get(missing[1])?.find((p) => missing[2] === p || missing[2].startsWith(`${p}/`));
    if (peer)
      notes.push(`${missing[1]}: its declarations use types from the optional peer ${peer} (${line})`);
    else problems.push(line);
  }
  return {
    problems: problems.length
      ? [
          `published declaration files do not compile (tsc --strict, skipLibCheck off):\n${problems.join('\n')}`,
        ]
      : [],
    notes,
  };
}
