import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run, scratch } from './test-fixtures/cli-kit.js';
import { corpusCanonicalJsonl, SHARED_DATA } from './test-fixtures/corpus.js';

const spec = (path: string) => fileURLToPath(new URL(`openapi/${path}`, SHARED_DATA));
const TIMEOUT = 600_000;

const TARGETS: Array<[string, ...string[]]> = [
  ['mcp'],
  ['openai-chat', '--strict'],
  ['openai-responses'],
  ['anthropic', '--strict'],
  ['gemini'],
  ['gemini-json'],
  ['langchain'],
  ['a2a-skill'],
  ['openapi-operation'],
];

/** convert → check for every target; returns what failed. */
async function convertAndCheck(input: string, dir: string, read: string[] = []): Promise<string[]> {
  const failures: string[] = [];
  for (const [dialect, ...flags] of TARGETS) {
    const out = `${dir}/${dialect}.json`;
    const converted = await run(['convert', input, ...read, '--to', dialect, ...flags, '-o', out]);
    if (converted.code !== 0) {
      failures.push(`convert → ${dialect}: ${converted.stderr.slice(0, 300)}`);
      continue;
    }
    const checked = await run(['check', out, '--dialect', dialect, ...flags]);
    if (checked.code !== 0)
      failures.push(`check ${dialect}: ${(checked.stdout + checked.stderr).slice(0, 300)}`);
  }
  return failures;
}

describe('the CLI on the shared corpora', () => {
  it(
    'all 527 real MCP tools convert to every dialect and check',
    async () => {
      const files = scratch();
      const input = files.write('corpus.jsonl', corpusCanonicalJsonl());
      expect(await convertAndCheck(input, files.dir)).toEqual([]);
      const skills = JSON.parse(files.read('a2a-skill.json')) as { skills: unknown[] };
      expect(skills.skills).toHaveLength(527);
    },
    TIMEOUT,
  );

  it(
    'BFCL legacy functions (JSONL) import and re-export as an OpenAPI document',
    async () => {
      const files = scratch();
      // BFCL entries are independent: the same name recurs with other definitions, so take distinct names.
      const byName = new Map<string, unknown>();
      for (const line of readFileSync(new URL('bfcl/functions.jsonl', SHARED_DATA), 'utf8')
        .trim()
        .split('\n')) {
        const fn = (JSON.parse(line) as { function: { name: string } }).function;
        if (!byName.has(fn.name) && byName.size < 25) byName.set(fn.name, fn);
      }
      const legacy = files.write(
        'bfcl.jsonl',
        `${[...byName.values()].map((fn) => JSON.stringify(fn)).join('\n')}\n`,
      );
      const first = await run(['convert', legacy, '--from', 'legacy-function', '--to', 'mcp']);
      expect(first.code).toBe(0);
      expect(first.stderr).toContain('converted 25 tools legacy-function → mcp');
      expect(first.stderr).toContain('legacy type "dict" → "object"');
      const openapi = await run([
        'convert',
        files.write('mcp.json', first.stdout),
        '--to',
        'openapi-operation',
      ]);
      expect(openapi.code).toBe(0);
      expect(JSON.parse(openapi.stdout)).toMatchObject({ openapi: '3.1.0' });
    },
    TIMEOUT,
  );

  it(
    'import openapi on real documents: lenient warnings, strict failures, renamed operations',
    async () => {
      const redoc = spec('openapi-3.1/redoc-demo-petstore-3.1.yaml');
      const lenient = await run(['import', 'openapi', redoc]);
      expect(lenient.code).toBe(0);
      expect(lenient.stderr).toMatch(/warning: .*#\/info\/license: must match exactly one schema in oneOf/);
      expect(lenient.stderr).toMatch(/renamed: operationId "delete\\\\PetById"/);
      expect(JSON.parse(lenient.stdout)).toHaveLength(23);
      const strict = await run(['import', 'openapi', redoc, '--strict']);
      expect(strict.code).toBe(1);
      expect(strict.stderr).toMatch(
        /redoc-demo-petstore-3\.1\.yaml#\/info\/license: must match exactly one schema/,
      );
      const petstore = await run(['import', 'openapi', spec('swagger-2.0/swagger-petstore.json'), '-q']);
      expect(petstore.stderr).toMatch(/imported 20 of 20 operations from "Swagger Petstore"/);
    },
    TIMEOUT,
  );

  it(
    "the pipeline reads its own output: Discord's 242 imported tools through convert, check and types",
    async () => {
      const files = scratch();
      const tools = `${files.dir}/discord.json`;
      const imported = await run([
        'import',
        'openapi',
        spec('openapi-3.1/discord-openapi.json'),
        '-q',
        '-o',
        tools,
      ]);
      expect(imported.code).toBe(0);
      expect(JSON.parse(files.read('discord.json'))).toHaveLength(242);
      expect(await convertAndCheck(tools, files.dir)).toEqual([]);
      const typed = await run(['types', tools, '-o', `${files.dir}/discord.ts`]);
      expect(typed.code).toBe(0);
      expect(files.read('discord.ts')).toMatch(/export (interface|type) \w+Input\b/);
    },
    TIMEOUT,
  );
});
