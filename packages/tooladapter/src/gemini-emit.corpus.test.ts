import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCanonical } from './index.js';
import type { Schema } from './passes/schema-utils.js';
import { loadBfclCorpus } from './test-fixtures/corpus.js';
import { loadCorpusTools } from './test-fixtures/corpus-tools.js';
import { byPasses, byPipeline, takesEmitter } from './test-fixtures/gemini-outcomes.js';

/** The single-pass Gemini emitter against the pass-by-pass pipeline on every real schema. */
describe('Gemini emitter on the corpora', () => {
  let schemas: Array<{ label: string; schema: Schema }> = [];
  beforeAll(() => {
    schemas = loadCorpusTools().map((c, i) => ({ label: `mcp#${i}`, schema: c.tool.inputSchema as Schema }));
    loadBfclCorpus().forEach((entry, i) => {
      const tool = toCanonical(entry.function, 'legacy-function').tools[0];
      if (tool) schemas.push({ label: `bfcl#${i}`, schema: tool.inputSchema as Schema });
    });
  });

  it('lowers every schema exactly as the passes do: schema, losses in order, decode flag', () => {
    let emitted = 0;
    const differing: string[] = [];
    for (const { label, schema } of schemas) {
      if (takesEmitter(schema)) emitted++;
      if (!isDeepStrictEqual(byPipeline(schema), byPasses(schema))) differing.push(label);
    }
    expect(differing).toEqual([]);
    // 520 of the 527 MCP tools and all 400 BFCL functions take the single walk.
    expect(emitted).toBe(920);
  });
});
