import { describe, expect, it } from 'vitest';
import { fixture, run, scratch } from '../test-fixtures/cli-kit.js';

const CATALOGUE = fixture('catalogue.jsonl');
const MCP = fixture('mcp-tools.json');

/** MCP tools small enough each, many enough together to pass the old whole-file cap of 250,000 values. */
function bigCatalogue(tools: number): string {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < 200; i++) properties[`p${i}`] = { type: 'string', description: `field ${i}` };
  return JSON.stringify({
    tools: Array.from({ length: tools }, (_, i) => ({
      name: `tool_${i}`,
      description: `Tool ${i}`,
      inputSchema: { type: 'object', properties },
    })),
  });
}

describe('catalogues: rows wrapping tools, names repeated across servers', () => {
  it('reads {server, tool} rows; clashing names need a namespace, and --namespace-from gives one', async () => {
    const clash = await run(['convert', CATALOGUE, '--to', 'openai-chat']);
    expect(clash.code).toBe(1);
    expect(clash.stderr).toMatch(
      /tools \/0 and \/1 are both "search@1\.0\.0" but differ; give them namespaces \(--namespace-from/,
    );
    const converted = await run(['convert', CATALOGUE, '--namespace-from', 'server', '--to', 'openai-chat']);
    expect(converted.code).toBe(0);
    const names = (JSON.parse(converted.stdout) as Array<{ function: { name: string } }>).map(
      (t) => t.function.name,
    );
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    // The name map keeps them apart in the target (and reverses on the way back).
    expect(names[0]).toBe('search');
    expect(converted.stderr).toMatch(/name {2}beta:search@1\.0\.0 → search_[0-9a-f]{8}\n/);
  });

  it('check looks for duplicate names per namespace; types names declarations after them', async () => {
    const plain = await run(['check', CATALOGUE, '--dialect', 'mcp']);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toMatch(/search/);
    const namespaced = await run(['check', CATALOGUE, '--dialect', 'mcp', '--namespace-from', 'server']);
    expect(namespaced.stdout).toBe('');
    expect(namespaced.code).toBe(0);
    const types = await run(['types', CATALOGUE, '--namespace-from', 'server']);
    expect(types.code).toBe(0);
    expect(types.stdout).toMatch(/export interface AlphaSearchInput \{/);
    expect(types.stdout).toMatch(/export interface BetaSearchInput \{/);
    const one = await run(['types', CATALOGUE, '--namespace', 'acme', '--from', 'mcp']);
    expect(one.code).toBe(1);
    expect(one.stderr).toMatch(/both "acme:search@1\.0\.0" but differ/);
  });

  it('namespace flags are checked before anything is read (exit 2)', async () => {
    const never = async (): Promise<string> => {
      throw new Error('stdin was read');
    };
    const bad = await run(['convert', '-', '--to', 'mcp', '--namespace', 'not valid!'], never);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--namespace "not valid!": namespace must be dot-separated segments/);
    const both = await run(
      ['convert', '-', '--to', 'mcp', '--namespace', 'a', '--namespace-from', 'server'],
      never,
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/cannot be used with option '--namespace/);
    const count = await run(['check', '-', '--dialect', 'mcp', '--max-nodes', 'lots'], never);
    expect(count.code).toBe(2);
    expect(count.stderr).toMatch(/--max-nodes.*expected a positive integer/);
  });
});

describe('limits apply per definition, with a separate per-file bound', () => {
  it('a catalogue of many small tools converts and checks; flags raise or lower the limits', async () => {
    const files = scratch();
    const big = files.write('big.json', bigCatalogue(700));
    const converted = await run(['convert', big, '--to', 'anthropic', '-o', `${files.dir}/anthropic.json`]);
    expect(converted.code, converted.stderr).toBe(0);
    const checked = await run(['check', `${files.dir}/anthropic.json`, '--dialect', 'anthropic']);
    expect(checked.code, checked.stdout.slice(0, 200)).toBe(0);
    const bounded = await run(['convert', big, '--to', 'anthropic', '--max-document-nodes', '100000']);
    expect(bounded.code).toBe(2);
    expect(bounded.stderr).toMatch(
      /big\.json: unsafe input|big\.json: invalid JSON.*more than 100000 values/,
    );
    const small = await run(['check', big, '--dialect', 'mcp', '--max-nodes', '100']);
    expect(small.code).toBe(1);
    expect(small.stdout).toMatch(/^\/tools\/0\S* {2}input\.unsafe-json {2}.*more than 100 values/m);
  });

  it('a 150 KB and a 1 MB description are both invalid tools (exit 1), not unreadable files', async () => {
    const files = scratch();
    const write = (size: number) =>
      files.write(
        `d${size}.json`,
        JSON.stringify({
          tools: [{ name: 'x', description: 'd'.repeat(size), inputSchema: { type: 'object' } }],
        }),
      );
    for (const size of [150_000, 1_100_000]) {
      const converted = await run(['convert', write(size), '--to', 'mcp']);
      expect(converted.code, `convert ${size}`).toBe(1);
      expect(converted.stderr).toMatch(/description/);
    }
    // check applies the provider's rules (MCP sets no description limit) and the per-definition bound.
    const checked = await run(['check', write(1_100_000), '--dialect', 'mcp']);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(/\/tools\/0\/description {2}input\.unsafe-json/);
  });
});

describe('check checks what providers reject', () => {
  it('invalid JSON Schema fails strict OpenAI (the issue reproduction), in any dialect', async () => {
    const input =
      '{"type":"function","function":{"name":"x","strict":true,"parameters":{"type":"object","properties":{"a":{"type":"strin"}},"required":["a"],"additionalProperties":false}}}';
    const result = await run(['check', '-', '--dialect', 'openai-chat', '--strict'], input);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/\/a/);
    expect(result.stderr).not.toMatch(/ok for/);
  });

  it('input in another dialect is exit 2 and says which dialect it looks like', async () => {
    for (const dialect of ['gemini', 'gemini-json', 'anthropic']) {
      const result = await run(['check', MCP, '--dialect', dialect]);
      expect(result.code, dialect).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`not in the ${dialect} dialect: .*looks like mcp`));
    }
  });

  it('a Gemini declaration carrying an MCP field is a violation', async () => {
    const input = JSON.stringify({
      functionDeclarations: [
        { name: 'x', description: 'x', parameters: { type: 'OBJECT' }, inputSchema: {} },
      ],
    });
    const result = await run(['check', '-', '--dialect', 'gemini'], input);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/inputSchema/);
  });
});
