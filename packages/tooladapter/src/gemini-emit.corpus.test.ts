import { beforeAll, describe, expect, it } from 'vitest';
import { GEMINI_LIMITS } from './codecs/gemini-common.js';
import { toCanonical } from './index.js';
import { createContext, type PassContext } from './passes/context.js';
import { emitterCovers } from './passes/gemini-emit.js';
import { lowerGeminiByPasses, lowerSchema, needsDistribution, needsStandIns } from './passes/pipelines.js';
import { scanSchema } from './passes/scan.js';
import type { Schema } from './passes/schema-utils.js';
import { loadBfclCorpus } from './test-fixtures/corpus.js';
import { loadCorpusTools } from './test-fixtures/corpus-tools.js';

function outcome(run: (ctx: PassContext) => Schema): string {
  const ctx = createContext('Gemini', GEMINI_LIMITS);
  try {
    // JSON text, so key order counts too.
    return JSON.stringify({ schema: run(ctx), losses: ctx.losses, argsChanged: ctx.argsChanged });
  } catch (error) {
    return `threw ${(error as Error).message}`;
  }
}

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
      const scan = scanSchema(schema);
      if (
        emitterCovers(schema, scan) &&
        !needsDistribution(scan) &&
        !needsStandIns(scan, GEMINI_LIMITS.maxNestingDepth)
      )
        emitted++;
      const fast = outcome((ctx) => lowerSchema(schema, '/inputSchema', ctx, 'gemini'));
      const general = outcome((ctx) => lowerGeminiByPasses(schema, '/inputSchema', ctx, scan, false));
      if (fast !== general) differing.push(label);
    }
    expect(differing).toEqual([]);
    // 489 of the 527 MCP tools and 391 of the 400 BFCL functions take the single walk.
    expect(emitted).toBe(880);
  });
});
