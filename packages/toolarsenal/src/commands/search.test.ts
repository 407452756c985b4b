import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, toolToJson } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../io.js';
import { runCli } from '../program.js';

function capture(stdin = ''): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout: (text: string) => {
      io.out += text;
    },
    stderr: (text: string) => {
      io.err += text;
    },
    readStdin: async () => stdin,
  };
  return io;
}

const dir = mkdtempSync(join(tmpdir(), 'toolarsenal-search-'));
function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** Catalogue rows (the format ToolLens and MetaTool ship): reported by their own id. */
const rows = [
  {
    id: '0',
    name: 'recipe_search_for_food_api',
    description: 'Search recipes by ingredient or dish name.',
    parameters: { type: 'object', properties: { query: { type: 'string' } } },
    tags: ['Food'],
  },
  {
    id: '1',
    name: 'nutrition_for_food_api',
    description: 'Nutrition facts (calories, protein, fat) of foods and amounts, e.g. 3 eggs and bacon.',
    parameters: { type: 'object', properties: { ingredients: { type: 'string' } } },
    tags: ['Food'],
  },
  {
    id: '2',
    name: 'forecast_for_weather_api',
    description: 'Weather forecast for a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
    tags: ['Weather'],
  },
  {
    id: '3',
    name: 'convert_for_currency_api',
    description: 'Convert an amount between currencies.',
    parameters: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } } },
    tags: ['Finance'],
  },
  {
    id: '4',
    name: 'translate_for_text_api',
    description: 'Translate text into another language.',
    parameters: { type: 'object', properties: { text: { type: 'string' } } },
    tags: ['Text'],
  },
  {
    id: '5',
    name: 'geocode_for_maps_api',
    description: 'Latitude and longitude of an address.',
    parameters: { type: 'object', properties: { address: { type: 'string' } } },
    tags: ['Maps'],
  },
];
const rowsFile = () => file('rows.jsonl', rows.map((r) => JSON.stringify(r)).join('\n'));

const canonical = [
  defineTool({
    name: 'process_refund',
    description: 'Refund a captured payment to the customer.',
    tags: ['payments'],
  }),
  defineTool({ name: 'send_email', description: 'Send an email message to recipients.', tags: ['email'] }),
  defineTool({ name: 'read_file', description: 'Read the contents of a file from disk.' }),
];

describe('toolarsenal search', () => {
  it('prints the top tools with scores for one query (canonical JSON array)', async () => {
    const tools = file('canonical.json', JSON.stringify(canonical.map(toolToJson)));
    const io = capture();
    expect(await runCli(['search', 'refund the payment', '--tools', tools, '-k', '2', '--explain'], io)).toBe(
      0,
    );
    const lines = io.out.trim().split('\n');
    expect(lines[0]).toMatch(/^ ?1\. \d\.\d{3} {2}process_refund@1\.0\.0 {2}Refund a captured payment/);
    expect(io.out).toMatch(/bm25 [\d.]+ \(norm 1\.00, coverage/);
  });

  it('reads JSONL canonical tools and dialect files (MCP tools/list) and prints JSON', async () => {
    const jsonl = file('canonical.jsonl', canonical.map((t) => JSON.stringify(toolToJson(t))).join('\n'));
    const mcp = file(
      'mcp.json',
      JSON.stringify({
        tools: [
          {
            name: 'get_weather',
            description: 'Weather forecast for a city',
            inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
          },
          { name: 'send_email', description: 'Send an email', inputSchema: { type: 'object' } },
        ],
      }),
    );
    for (const tools of [jsonl, mcp]) {
      const io = capture();
      expect(await runCli(['search', 'send an email', '--tools', tools, '--json'], io), io.err).toBe(0);
      const result = JSON.parse(io.out) as {
        hits: { id: string; score: number }[];
        noRelevantTools: boolean;
      };
      expect(result.hits[0]?.id).toBe('send_email@1.0.0');
      expect(result.noRelevantTools).toBe(false);
    }
  });

  it('says so when nothing is relevant', async () => {
    const tools = file('payments.json', JSON.stringify([toolToJson(canonical[0]!)]));
    const io = capture();
    expect(await runCli(['search', 'weather in Paris tomorrow', '--tools', tools], io)).toBe(0);
    expect(io.out).toBe('');
    expect(io.err).toMatch(/no indexed tool looks relevant/);
  });

  it('runs a batch of queries over catalogue rows and reports their own ids', async () => {
    const queries = file(
      'queries.jsonl',
      [
        JSON.stringify({ id: 'q1', query: 'Get recipe suggestions for dinner' }),
        JSON.stringify({ id: 42, query: 'nutrition information of bacon and 3 eggs' }),
      ].join('\n'),
    );
    const io = capture();
    const code = await runCli(
      ['search', '--tools', rowsFile(), '--queries', queries, '-k', '5', '--progress'],
      io,
    );
    expect(code, io.err).toBe(0);
    const lines = io.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: unknown; results: { id: string; score: number }[] });
    expect(lines.map((l) => l.id)).toEqual(['q1', 42]);
    for (const line of lines) {
      expect(line.results.length).toBeGreaterThan(0);
      expect(line.results.length).toBeLessThanOrEqual(5);
      expect(line.results.every((r) => /^\d+$/.test(r.id) && typeof r.score === 'number')).toBe(true);
    }
    expect(lines[1]!.results[0]!.id).toBe('1');
    expect(io.err).toMatch(/2\/2 queries/);
    expect(io.err).toMatch(/2 queries, 2 answered, 0 failed/);
  });

  it('answers every valid line of a batch with bad lines, reports each bad one by id and exits 1', async () => {
    const long = 'I am planning dinner for the family tonight. '.repeat(450); // ~20,000 characters
    const lines = [
      JSON.stringify({ id: 'q1', query: 'Get recipe suggestions for dinner' }),
      'not json at all',
      JSON.stringify({ id: 'q3', text: 'nutrition of bacon and 3 eggs' }),
      JSON.stringify({ id: 'q4', query: 42 }),
      JSON.stringify(['an', 'array']),
      JSON.stringify({ id: 'q6', query: 'x'.repeat(100_001) }),
      JSON.stringify({ id: 'q7', query: `${long} Which recipes use shrimp?` }),
      JSON.stringify({ id: 'q8', query: '   ' }),
    ];
    const io = capture();
    const code = await runCli(
      ['search', '--tools', rowsFile(), '--queries', file('mixed.jsonl', lines.join('\n'))],
      io,
    );
    expect(code, io.err).toBe(1);
    const out = io.out
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            id: unknown;
            line?: number;
            results?: { id: string }[];
            error?: { code: string; message: string };
          },
      );
    expect(out.map((l) => l.id)).toEqual(['q1', null, 'q3', 'q4', null, 'q6', 'q7', 'q8']);
    for (const i of [0, 2, 6]) expect(out[i]!.results!.length, String(out[i]!.id)).toBeGreaterThan(0);
    expect(out[0]!.results![0]!.id).toBe('0');
    expect(out[2]!.results![0]!.id).toBe('1');
    expect(out[6]!.results![0]!.id).toBe('0');
    expect(out[1]).toMatchObject({
      line: 2,
      error: { code: 'CLI_INVALID_QUERY_LINE', message: expect.stringMatching(/line 2: not JSON/) },
    });
    expect(out[3]!.error!.message).toMatch(/line 4: has no "query" string/);
    expect(out[4]!.error!.message).toMatch(/line 5: not a JSON object/);
    expect(out[5]!.error).toMatchObject({
      code: 'TOOLINDEX_INVALID_QUERY',
      message: expect.stringMatching(/limit is 100000/),
    });
    expect(out[7]!.error).toMatchObject({ code: 'TOOLINDEX_INVALID_QUERY', message: 'query is empty' });
    expect(io.err).toMatch(/8 queries, 3 answered, 5 failed/);
  });

  it('runs semantic and hybrid search with the offline default embedder', async () => {
    const tools = file('modes.json', JSON.stringify(canonical.map(toolToJson)));
    for (const mode of ['semantic', 'hybrid']) {
      const io = capture();
      const code = await runCli(
        [
          'search',
          'refund the payment to the customer',
          '--tools',
          tools,
          '--mode',
          mode,
          '--json',
          '--explain',
        ],
        io,
      );
      expect(code, io.err).toBe(0);
      const result = JSON.parse(io.out) as {
        mode: string;
        hits: { id: string; breakdown: { vector?: { cosine: number } } }[];
      };
      expect(result.mode).toBe(mode);
      expect(result.hits[0]?.id).toBe('process_refund@1.0.0');
      expect(typeof result.hits[0]?.breakdown.vector?.cosine).toBe('number');
    }
  });

  it('reports bad usage and bad input with exit codes', async () => {
    const tools = file('ok.json', JSON.stringify(canonical.map(toolToJson)));
    const cases: [string[], number, RegExp][] = [
      [['search', '--tools', tools], 2, /give a query or --queries/],
      [['search', 'x', '--tools', join(dir, 'missing.json')], 2, /no such file/],
      [['search', 'x', '--tools', tools, '-k', '0'], 2, /-k must be an integer/],
      [['search', 'x', '--tools', tools, '--mode', 'fuzzy'], 2, /--mode must be one of/],
      [['search', 'x', '--tools', file('bad.json', '[{"what": 1}]')], 2, /not a tool/],
      [['search', '--tools', tools, '--queries', file('empty.jsonl', '\n\n')], 2, /no queries/],
    ];
    for (const [argv, code, message] of cases) {
      const io = capture();
      expect(await runCli(argv, io), argv.join(' ')).toBe(code);
      expect(io.err).toMatch(message);
    }
  });
});
