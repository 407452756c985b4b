// Runs the README harness on a README written for the test: what passes, what fails and how the
// failure is reported (README file and line, output), timeouts, the network ban, hidden files.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, test } from 'node:test';
import { runReadmeExamples } from './readme-harness.mjs';
import { repoRoot } from './workspace.mjs';

const dir = join(repoRoot, 'tmp', `harness-test-${process.pid}`);
const readme = join(dir, 'README.md');
const file = relative(repoRoot, readme);
const fence = '```';
const lines = [
  '# Fixture README', //                                   1
  `${fence}js`, //                                         2  passes
  "console.log('hello');",
  fence,
  `${fence}js`, //                                         5  throws on README line 7
  'const x = 1;',
  "throw new Error('boom ' + x);",
  fence,
  `${fence}ts`, //                                         9  type error on README line 10
  'const n: number = "text";',
  fence,
  '<!-- readme-test: exit 3 -->', //                       12
  `${fence}sh`, //                                         13 expected exit code
  'echo out; exit 3',
  fence,
  `${fence}js`, //                                         16 no network
  "await fetch('https://registry.npmjs.org/');",
  fence,
  '<!-- readme-test: timeout 1 -->', //                    19
  `${fence}js`, //                                         20 never ends
  'setInterval(() => {}, 1000);',
  fence,
  '<!-- readme-test: skip illustrative -->', //           23
  `${fence}js`, //                                         24
  'not even JavaScript',
  fence,
  '<!-- readme-test: file data/input.json', //            27
  '{ "city": "Oslo" }',
  '-->',
  `${fence}ts`, //                                         30 reads the hidden file
  "import { readFileSync } from 'node:fs';",
  "const shared: { city: string } = JSON.parse(readFileSync('data/input.json', 'utf8'));",
  fence,
  '<!-- readme-test: continue -->', //                     34
  `${fence}ts`, //                                         35 sees the previous block's binding
  "if (shared.city !== 'Oslo') process.exit(9);",
  fence,
  `${fence}sh`, //                                         38 install lines are checked, not run
  'npm install @toolarsenal/toolmodel zod',
  fence,
  `${fence}sh`, //                                         41
  'npm install left-pad',
  fence,
];

let outcomes;
before(async () => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(readme, `${lines.join('\n')}\n`);
  outcomes = await runReadmeExamples({
    readmes: [readme],
    resolveRoot: repoRoot,
    sandbox: join(dir, 'sandbox'),
    log: () => {},
  });
});
after(() => rmSync(dir, { recursive: true, force: true }));

const at = (line) => {
  const found = outcomes.filter((o) => o.location === `${file}:${line}`);
  assert.equal(
    found.length,
    1,
    `one outcome for line ${line}: ${JSON.stringify(outcomes.map((o) => o.location))}`,
  );
  return found[0];
};

test('a block that runs cleanly passes', () => {
  assert.equal(at(2).status, 'passed');
});

test('a runtime failure names the README line that threw and shows the output', () => {
  const outcome = at(5);
  assert.equal(outcome.status, 'failed');
  assert.match(outcome.detail, /^exit 1 \(expected 0\)/);
  assert.ok(outcome.detail.includes(`${file}:7`), outcome.detail);
  assert.ok(outcome.detail.includes('Error: boom 1'), outcome.detail);
});

test('ts blocks are type-checked against the packages; errors point at README lines', () => {
  const outcome = at(9);
  assert.equal(outcome.status, 'failed');
  assert.ok(outcome.detail.includes(`${file}:10:7: error TS2322`), outcome.detail);
});

test('an exit directive sets the expected exit code', () => {
  assert.equal(at(13).status, 'passed');
});

test('examples run without network', () => {
  const outcome = at(16);
  assert.equal(outcome.status, 'failed');
  assert.match(outcome.detail, /fetch failed|ENETUNREACH|EAI_AGAIN|ENOTFOUND|getaddrinfo/);
});

test('a block that does not end is stopped at its timeout', () => {
  const outcome = at(20);
  assert.equal(outcome.status, 'failed');
  assert.match(outcome.detail, /^timed out after 1 s/);
});

test('skipped blocks are reported with their reason and not run', () => {
  assert.deepEqual([at(24).status, at(24).detail], ['skipped', 'illustrative']);
});

test('hidden files are in the sandbox and continued blocks share one program', () => {
  const outcome = outcomes.find((o) => o.location === `${file}:30+35`);
  assert.equal(outcome?.status, 'passed', outcome?.detail);
});

test('npm install lines must name this repository packages or their dependencies', () => {
  assert.equal(at(38).status, 'passed');
  const outcome = at(41);
  assert.equal(outcome.status, 'failed');
  assert.equal(
    outcome.detail,
    `${file}:42: npm install names left-pad, which is not one of this repository's packages or their dependencies`,
  );
});
