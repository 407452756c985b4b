import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseReadme } from './markdown-blocks.mjs';
import { programLocation, readmeLine, readmePrograms, splitInstalls } from './readme-programs.mjs';

const fence = '```';

test('blocks carry their language, opening line and directives', () => {
  const text = [
    '# Title', //                                   1
    '',
    `${fence}ts`, //                                3
    "import { x } from 'y';",
    fence,
    '<!-- readme-test: skip needs the reader; s own key -->', // 6
    '',
    `${fence}sh`, //                                8
    'curl https://example.com',
    fence,
    `${fence}json`, //                              11
    '{}',
    fence,
  ].join('\n');
  const { blocks, errors } = parseReadme(text, 'R.md');
  assert.deepEqual(errors, []);
  assert.deepEqual(
    blocks.map((b) => [b.line, b.lang, b.kind, b.directives]),
    [
      [3, 'ts', 'ts', {}],
      [8, 'sh', 'sh', { skip: 'needs the reader; s own key' }],
      [11, 'json', undefined, {}],
    ],
  );
  assert.equal(blocks[0].code, "import { x } from 'y';\n");
});

test('hidden files, other HTML comments and indented fences', () => {
  const text = [
    '<!-- readme-test: file data/a.json',
    '{ "a": 1 }',
    '-->',
    '<!--',
    `${fence}js`,
    'commented out',
    fence,
    '-->',
    '1. step',
    `   ${fence}js`,
    '   console.log(1);',
    `   ${fence}`,
  ].join('\n');
  const { blocks, files, errors } = parseReadme(text, 'R.md');
  assert.deepEqual(errors, []);
  assert.deepEqual(files, [{ name: 'data/a.json', line: 1, content: '{ "a": 1 }\n' }]);
  assert.deepEqual(
    blocks.map((b) => [b.line, b.code]),
    [[10, 'console.log(1);\n']],
  );
});

test('mistakes in directives are errors with their line, never silently ignored', () => {
  const cases = [
    ['<!-- readme-test: skip -->\n```js\n```', 'readme-test skip needs a reason'],
    ['<!-- readme-test: skpi x -->\n```js\n```', 'unknown readme-test directive "skpi x"'],
    ['<!-- readme-test: exit one -->\n```js\n```', 'unknown readme-test directive "exit one"'],
    ['<!-- readme-test: continue -->\ntext\n```js\n```', 'not followed by a code block'],
    ['<!-- readme-test: continue -->\n```js\n```', 'no earlier js block to continue'],
    ['<!-- readme-test: exit 1 -->\n```yaml\n```', 'applies to a `yaml` block (line 2), which is never run'],
    ['<!-- readme-test: file x.json\n{}', 'no closing "-->" line'],
    ['```js\n```\n<!-- readme-test: exit 1 -->', 'at the end of the file'],
  ];
  for (const [text, message] of cases) {
    const { errors } = parseReadme(text, 'R.md');
    assert.equal(errors.length, 1, text);
    assert.ok(errors[0].message.includes(message), `${errors[0].message} should include ${message}`);
    assert.equal(errors[0].file, 'R.md');
  }
});

test('continued blocks form one program whose lines map back to the README', () => {
  const text = [
    `${fence}ts`, //        1
    'const a = 1;', //      2
    fence,
    'Then:',
    '<!-- readme-test: continue; exit 2 -->', // 5
    `${fence}ts`, //        6
    'console.log(a);', //   7
    'process.exit(2);', //  8
    fence,
  ].join('\n');
  const { programs } = readmePrograms('R.md', text, { defaultTimeoutSeconds: 60 });
  assert.equal(programs.length, 1);
  const [program] = programs;
  assert.equal(program.code, 'const a = 1;\nconsole.log(a);\nprocess.exit(2);\n');
  assert.equal(program.exit, 2);
  assert.equal(programLocation(program), 'R.md:1+6');
  assert.deepEqual(
    [1, 2, 3, 4].map((line) => readmeLine(program, line)),
    [2, 7, 8, undefined],
  );
});

test('npm install lines are split out of sh programs with the names they install', () => {
  const text = [
    `${fence}sh`,
    'npm install @toolarsenal/toolmodel @toolarsenal/toolindex@^1.2.0 # core',
    'npx toolarsenal --help',
    'npm i -D zod@4',
    fence,
  ].join('\n');
  const { programs } = readmePrograms('R.md', text, { defaultTimeoutSeconds: 60 });
  const { installs, script } = splitInstalls(programs[0]);
  assert.deepEqual(installs, [
    { line: 2, names: ['@toolarsenal/toolmodel', '@toolarsenal/toolindex'] },
    { line: 4, names: ['zod'] },
  ]);
  assert.equal(script, '\nnpx toolarsenal --help\n\n');
});
