import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ConvertInputOptions, type Dialect, fromCanonical, toCanonical } from './index.js';
import { TARGET_CONFIGS } from './test-fixtures/corpus-tools.js';
import { loadBfclCorpus, loadMcpCorpus } from './test-fixtures/corpus.js';
import { bothWays } from './test-fixtures/convert-equivalence.js';

const OPENAPI = new URL('../../../../shared/data/openapi/', import.meta.url);
const ARGS: unknown[] = [{}, null, { query: 'x', limit: 3 }];

/** Lines where `convert` and the two steps differ, for every target of every input. */
function differences(inputs: ReadonlyArray<[string, unknown, Dialect]>): { lines: number; differ: string[] } {
  let lines = 0;
  const differ: string[] = [];
  for (const [label, raw, from] of inputs)
    for (const config of TARGET_CONFIGS) {
      const options: ConvertInputOptions = {
        from,
        to: config.dialect,
        ...(config.strict === undefined ? {} : { write: { strict: config.strict } }),
      };
      const { direct, twoSteps } = bothWays(raw, options, ARGS);
      lines++;
      if (direct !== twoSteps) differ.push(`${label} → ${config.label}: ${direct.slice(0, 200)}`);
    }
  return { lines, differ };
}

/**
 * `convert` must return byte for byte what `fromCanonical(toCanonical(raw, from).tools[0], to)`
 * returns (value, losses, names, reading's losses and changes, decode/encodeArgs on sample
 * arguments) or throw the same error, on every real tool, for every target.
 */
describe('convert equals the two steps on the shared corpora', () => {
  it('the 527 MCP tools', () => {
    const inputs = loadMcpCorpus().map(
      (row, i) => [`mcp ${i}`, row.tool, 'mcp'] as [string, unknown, Dialect],
    );
    const { lines, differ } = differences(inputs);
    expect(lines).toBe(527 * TARGET_CONFIGS.length);
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('the 527 MCP catalogue rows, namespaced by server', () => {
    let differ = 0;
    for (const row of loadMcpCorpus().slice(0, 150)) {
      const options: ConvertInputOptions = {
        from: 'mcp',
        to: 'gemini',
        read: { namespace: (c) => (typeof c.row?.server_key === 'string' ? 'srv' : undefined) },
      };
      const { direct, twoSteps } = bothWays(row, options, ARGS);
      if (direct !== twoSteps) differ++;
    }
    expect(differ).toBe(0);
  });

  it('the 400 BFCL functions', () => {
    const inputs = loadBfclCorpus().map(
      (row, i) => [`bfcl ${i}`, row.function, 'legacy-function'] as [string, unknown, Dialect],
    );
    const { lines, differ } = differences(inputs);
    expect(lines).toBe(400 * TARGET_CONFIGS.length);
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('the tools imported from the OpenAPI documents, read back as MCP and as OpenAPI operations', () => {
    const inputs: Array<[string, unknown, Dialect]> = [];
    for (const dir of ['openapi-3.0', 'openapi-3.1', 'swagger-2.0'])
      for (const file of readdirSync(new URL(`${dir}/`, OPENAPI), { recursive: true }) as string[]) {
        if (!file.endsWith('.json')) continue;
        const doc: unknown = JSON.parse(readFileSync(new URL(`${dir}/${file}`, OPENAPI), 'utf8'));
        let tools;
        try {
          tools = toCanonical(doc, 'openapi-operation').tools;
        } catch {
          continue;
        }
        // An even sample of at most 60 operations per document keeps the suite short.
        const step = Math.max(1, Math.ceil(tools.length / 60));
        tools.forEach((tool, i) => {
          if (i % step !== 0) return;
          inputs.push([`${dir}/${file} ${i} mcp`, fromCanonical(tool, 'mcp').value, 'mcp']);
          inputs.push([
            `${dir}/${file} ${i} openapi`,
            fromCanonical(tool, 'openapi-operation').value,
            'openapi-operation',
          ]);
        });
      }
    expect(inputs.length).toBeGreaterThan(200);
    const { differ } = differences(inputs);
    expect(differ.slice(0, 5)).toEqual([]);
  });
});
