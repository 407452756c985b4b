// The consumer checks on a hand-made node_modules (no packing, no registry): a package whose entry
// point throws, whose bin fails, and whose declaration file needs types the consumer does not have.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { loadProblems, lockProblems, typeProblems } from './consumer-project.mjs';
import { repoRoot } from './workspace.mjs';

const consumer = join(repoRoot, 'tmp', `consumer-test-${process.pid}`);
const write = (path, text) => {
  mkdirSync(join(consumer, path, '..'), { recursive: true });
  writeFileSync(join(consumer, path), text);
};
const good = {
  name: '@toolarsenal/good',
  type: 'module',
  exports: { '.': { types: './index.d.ts', default: './index.js' } },
  bin: { good: './cli.js' },
};
const traced = {
  name: '@toolarsenal/traced',
  type: 'module',
  exports: { '.': { types: './index.d.ts', default: './index.js' } },
  peerDependencies: { 'optional-tracing-api': '^1.0.0' },
  peerDependenciesMeta: { 'optional-tracing-api': { optional: true } },
};
const bad = {
  name: '@toolarsenal/bad',
  type: 'module',
  exports: {
    '.': { types: './index.d.ts', default: './index.js' },
    './empty': { types: './empty.d.ts', default: './empty.js' },
  },
  bin: { bad: './cli.js' },
};

before(() => {
  write('package.json', '{ "type": "module" }\n');
  write('node_modules/@toolarsenal/good/package.json', JSON.stringify(good));
  write('node_modules/@toolarsenal/good/index.js', 'export const answer = 42;\n');
  write('node_modules/@toolarsenal/good/index.d.ts', 'export declare const answer: number;\n');
  write('node_modules/@toolarsenal/good/cli.js', '#!/usr/bin/env node\nconsole.log("usage: good");\n');
  write('node_modules/@toolarsenal/bad/package.json', JSON.stringify(bad));
  write('node_modules/@toolarsenal/bad/index.js', "throw new Error('loads badly');\n");
  write('node_modules/@toolarsenal/bad/empty.js', 'export {};\n');
  write('node_modules/@toolarsenal/bad/empty.d.ts', 'export {};\n');
  write(
    'node_modules/@toolarsenal/bad/index.d.ts',
    "import type { Matcher } from 'not-installed-types';\nexport declare const m: Matcher;\n",
  );
  write('node_modules/@toolarsenal/traced/package.json', JSON.stringify(traced));
  write('node_modules/@toolarsenal/traced/index.js', 'export const traced = true;\n');
  write(
    'node_modules/@toolarsenal/traced/index.d.ts',
    "import type { Tracer } from 'optional-tracing-api';\nexport declare const tracer: Tracer | undefined;\n",
  );
  write('node_modules/@toolarsenal/bad/cli.js', '#!/usr/bin/env node\nprocess.exit(3);\n');
  mkdirSync(join(consumer, 'node_modules/.bin'), { recursive: true });
  for (const name of ['good', 'bad']) {
    writeFileSync(
      join(consumer, 'node_modules/.bin', name),
      `#!/bin/sh\nexec node ../@toolarsenal/${name}/cli.js "$@"\n`.replace(
        '../',
        `${consumer}/node_modules/`,
      ),
      { mode: 0o755 },
    );
  }
  write(
    'package-lock.json',
    JSON.stringify({
      packages: {
        'node_modules/@toolarsenal/good': { resolved: 'file:../tarballs/good.tgz' },
        'node_modules/@toolarsenal/bad': { resolved: 'file:../tarballs/bad.tgz' },
        'node_modules/x/node_modules/@toolarsenal/bad': {
          version: '0.0.0',
          resolved: 'https://registry.npmjs.org/bad.tgz',
        },
      },
    }),
  );
});
after(() => rmSync(consumer, { recursive: true, force: true }));

test('entry points that throw or export nothing, and failing bins, are reported', () => {
  const problems = loadProblems(consumer, [good, bad]);
  assert.equal(problems.length, 2, problems.join('\n'));
  assert.match(
    problems[0],
    /^@toolarsenal\/bad: entry points do not load:\n@toolarsenal\/bad: Error: loads badly/,
  );
  assert.match(problems[0], /\n@toolarsenal\/bad\/empty: exports nothing/);
  assert.match(problems[1], /^@toolarsenal\/bad: `bad --help` exited 3/);
});

test('a declaration file that needs types the consumer lacks is reported; third-party files are not ours', () => {
  const { problems, notes } = typeProblems(consumer, [good, bad, traced]);
  assert.equal(problems.length, 1);
  assert.match(
    problems[0],
    /node_modules\/@toolarsenal\/bad\/index\.d\.ts\(1,30\): error TS2307: Cannot find module 'not-installed-types'/,
  );
  assert.doesNotMatch(problems[0], /good|traced/);
  // Types from an optional peer are the user's to install with the feature: a note, not a problem.
  assert.equal(notes.length, 1);
  assert.match(
    notes[0],
    /^@toolarsenal\/traced: its declarations use types from the optional peer optional-tracing-api \(/,
  );
});

test('a package installed twice, or not from its tarball, is reported', () => {
  assert.deepEqual(
    lockProblems(consumer, ['@toolarsenal/good', '@toolarsenal/bad', '@toolarsenal/missing']),
    [
      '@toolarsenal/bad: expected one copy installed from its tarball, found node_modules/@toolarsenal/bad (file:../tarballs/bad.tgz), node_modules/x/node_modules/@toolarsenal/bad (https://registry.npmjs.org/bad.tgz)',
      '@toolarsenal/missing: expected one copy installed from its tarball, found none',
    ],
  );
});
