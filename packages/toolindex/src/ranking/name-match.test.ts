import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { createDefaultEmbedder } from '../embedders/index.js';
import type { Entry } from '../entry.js';
import { createTestEmbedder } from '../test-fixtures/hashing-embedder.js';
import { createIndex } from '../tool-index.js';
import { nameScores, nameVectors } from './name-match.js';

const tools = [
  defineTool({ name: 'weather_forecast', description: 'Returns data for a place and a date.' }),
  defineTool({ name: 'currency_converter', description: 'Returns data for a place and a date.' }),
];
const entries = tools.map((tool) => ({ tool }) as Entry);

describe('name signal', () => {
  it('scores names by their similarity to the request, relative to the candidates', async () => {
    const table = createDefaultEmbedder();
    const [query] = await table.embed(['will it rain tomorrow']);
    const vector = nameVectors(table);
    const scores = nameScores([0, 1], entries, query!, vector)!;
    expect(scores[0]).toBe(1);
    expect(scores[1]).toBe(0);
  });

  it('is absent when every candidate scores the same, or a name has no vector', async () => {
    const table = createDefaultEmbedder();
    const [query] = await table.embed(['will it rain tomorrow']);
    const vector = nameVectors(table);
    expect(nameScores([0], entries, query!, vector)).toBeUndefined();
    expect(nameScores([0, 1], entries, query!, () => undefined)).toBeUndefined();
  });

  it('reads names only once the table is loaded, and each name once', async () => {
    const table = createDefaultEmbedder();
    expect(nameVectors(table)(tools[0]!)).toBeUndefined();
    await table.embed(['load the table']);
    const first = nameVectors(table)(tools[0]!);
    expect(first).toBeInstanceOf(Float32Array);
    expect(nameVectors(table)(tools[0]!)).toBe(first);
    expect(nameVectors(createTestEmbedder())(tools[0]!)).toBeUndefined();
  });

  it('takes part in hybrid search with the static table only, when given a weight', async () => {
    const signalOf = async (
      options: Parameters<typeof createIndex>[0],
      mode: 'hybrid' | 'semantic' | 'lexical',
    ) => {
      const index = createIndex(options);
      index.add(tools);
      const { hits } = await index.search({
        query: 'weather data for a place',
        mode,
        explain: true,
        minRelevance: 0,
      });
      expect(hits.length).toBeGreaterThan(0);
      return hits.map((h) => h.breakdown!.signals.name);
    };
    const off = (values: (number | undefined)[]) => values.every((v) => v === undefined);
    const embedder = createDefaultEmbedder();
    const weights = { name: 0.05 };
    expect(await signalOf({ embedder, weights }, 'hybrid')).toEqual([1, 0]);
    expect(off(await signalOf({ embedder, weights }, 'semantic'))).toBe(true);
    expect(off(await signalOf({ embedder, weights }, 'lexical'))).toBe(true);
    expect(off(await signalOf({ embedder }, 'hybrid'))).toBe(true);
    expect(off(await signalOf({ embedder: createTestEmbedder(), weights }, 'hybrid'))).toBe(true);
  });
});
