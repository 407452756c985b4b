// Feeds `toolarsenal check` deliberately broken files and asserts it refuses each with the documented
// exit code (1: the tools break the dialect's rules; 2: bad usage or input that cannot be read as the
// named dialect) and says why. A gate that passes broken input is worse than none.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toolarsenal } from './cli.mjs';

const dir = mkdtempSync(join(tmpdir(), 'toolarsenal-broken-'));
const write = (name, value) => {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};

/** An OpenAI strict function tool whose parameters are `schema`. */
const openaiStrict = (schema) => [
  { type: 'function', function: { name: 'x', strict: true, parameters: schema } },
];
const closed = (properties) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});
const mcp = (inputSchema) => ({ tools: [{ name: 'x', description: 'x', inputSchema }] });

const cases = [
  // The tools break the rules: exit 1, one line per violation naming the pointer.
  ['type misspelt', openaiStrict(closed({ a: { type: 'strin' } })), ['openai-chat', '--strict'], 1, /\/a\b/],
  [
    'non-numeric minimum',
    openaiStrict(closed({ a: { type: 'number', minimum: 'zero' } })),
    ['openai-chat', '--strict'],
    1,
    /minimum/,
  ],
  [
    'invalid regex',
    mcp({ type: 'object', properties: { a: { type: 'string', pattern: '([' } } }),
    ['mcp'],
    1,
    /pattern/,
  ],
  [
    'dangling $ref',
    mcp({ type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } }),
    ['mcp'],
    1,
    /Missing/,
  ],
  [
    'cyclic $ref without structure',
    mcp({
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } },
    }),
    ['mcp'],
    1,
    /\$defs/,
  ],
  [
    'strict without additionalProperties',
    openaiStrict({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }),
    ['openai-chat', '--strict'],
    1,
    /additionalProperties/,
  ],
  [
    'Gemini declaration with an MCP field',
    {
      functionDeclarations: [
        { name: 'x', description: 'x', parameters: { type: 'OBJECT' }, inputSchema: {} },
      ],
    },
    ['gemini'],
    1,
    /inputSchema/,
  ],
  [
    'Gemini anyOf next to other fields',
    {
      functionDeclarations: [
        {
          name: 'x',
          description: 'x',
          parameters: {
            type: 'OBJECT',
            properties: {
              a: { anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }], nullable: true, title: 'A' },
            },
          },
        },
      ],
    },
    ['gemini'],
    1,
    /anyOf/,
  ],
  // Over the per-definition bound (1,000,000 characters a string): an invalid tool, not an unreadable file.
  [
    '1 MB description',
    mcp({ type: 'object' }),
    ['mcp'],
    1,
    /description/,
    (v) => (v.tools[0].description = 'd'.repeat(1_100_000)),
  ],
  // Not the named dialect, or not readable at all: exit 2.
  ['MCP tools checked as Gemini', mcp({ type: 'object' }), ['gemini'], 2, /looks like mcp/],
  ['MCP tools checked as gemini-json', mcp({ type: 'object' }), ['gemini-json'], 2, /looks like mcp/],
  ['invalid JSON', '{"tools": [', ['mcp'], 2, /invalid JSON/],
  [
    'repeated key',
    '{"name": "safe_read", "name": "delete_everything", "inputSchema": {"type": "object"}}',
    ['mcp'],
    2,
    /\/name/,
  ],
  ['unknown dialect', mcp({ type: 'object' }), ['cobol'], 2, /cobol/],
];

let failed = 0;
for (const [name, value, [dialect, ...flags], expected, says, tweak] of cases) {
  if (tweak) tweak(value);
  const file = write(`${name.replace(/\W+/g, '-')}.json`, value);
  const result = toolarsenal(['check', file, '--dialect', dialect, ...flags]);
  const output = result.stdout + result.stderr;
  const ok = result.code === expected && says.test(output);
  if (!ok) failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} exit ${result.code} (expected ${expected})  ${name}`);
  if (!ok) console.log(`     ${output.trim().split('\n').slice(0, 4).join('\n     ')}`);
}
// A missing file is unreadable input too.
const missing = toolarsenal(['check', join(dir, 'missing.json'), '--dialect', 'mcp']);
console.log(`${missing.code === 2 ? 'ok  ' : 'FAIL'} exit ${missing.code} (expected 2)  missing file`);
if (missing.code !== 2) failed++;

if (failed > 0) {
  console.error(`\nci-check broken files: ${failed} of ${cases.length + 1} were not refused as documented.`);
  process.exit(1);
}
console.log(`\nci-check broken files: all ${cases.length + 1} refused with the documented exit code.`);
