import { checkJsonSchema } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { detectFormat, toCanonical } from './index.js';
import { loadBfclCorpus } from './test-fixtures/corpus.js';

/** Proof (d): the 400 BFCL legacy definitions import as valid JSON Schema 2020-12 tools. */
describe('corpus proof (d): BFCL legacy functions', () => {
  const corpus = loadBfclCorpus();

  it('imports all 400 one by one through the public API, reporting each of the 548 rewrites', () => {
    expect(corpus).toHaveLength(400);
    let valid = 0;
    let rewrites = 0;
    for (const entry of corpus) {
      const { tools, losses } = toCanonical(entry.function, 'legacy-function');
      expect(tools).toHaveLength(1);
      const tool = tools[0]!;
      expect(tool.name).toBe(entry.function.name);
      expect(tool.inputSchema.type).toBe('object');
      expect(checkJsonSchema(tool.inputSchema, '/inputSchema')).toEqual([]);
      // `dict` alone guarantees at least one reported rewrite per definition.
      expect(losses.length).toBeGreaterThan(0);
      rewrites += losses.length;
      valid++;
    }
    expect(valid).toBe(400);
    expect(rewrites).toBe(548);
  });

  it('imports all 400 as one document', () => {
    const { tools } = toCanonical(
      corpus.map((e) => e.function),
      'legacy-function',
    );
    expect(tools).toHaveLength(400);
  });

  it('detects the legacy dialect from `dict`-typed parameters', () => {
    const detected = corpus.map((e) => detectFormat(e.function).dialect);
    expect(detected.filter((d) => d === 'legacy-function')).toHaveLength(400);
  });
});
