import { GEMINI_LIMITS } from '../codecs/gemini-common.js';
import { createContext, type PassContext } from '../passes/context.js';
import { geminiTakesEmitter, lowerGeminiByPasses, lowerSchema } from '../passes/pipelines.js';
import { scanSchema } from '../passes/scan.js';
import type { Schema } from '../passes/schema-utils.js';
import type { DialectLimits } from '../types.js';

/** Everything a Gemini lowering yields, as JSON text (so key order counts), or the error it threw. */
export interface LoweringOutcome {
  schema?: string;
  losses?: string;
  argsChanged?: boolean;
  threw?: string;
}

/** Runs one lowering in a fresh Gemini context. */
export function loweringOutcome(
  run: (ctx: PassContext) => Schema,
  limits: DialectLimits = GEMINI_LIMITS,
): LoweringOutcome {
  const ctx = createContext('Gemini', limits);
  try {
    const schema = JSON.stringify(run(ctx));
    return { schema, losses: JSON.stringify(ctx.losses), argsChanged: ctx.argsChanged };
  } catch (error) {
    return { threw: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

/** The Gemini pipeline as conversions run it (the single-pass emitter where it applies). */
export function byPipeline(schema: Schema, limits?: DialectLimits): LoweringOutcome {
  return loweringOutcome((ctx) => lowerSchema(schema, '/inputSchema', ctx, 'gemini'), limits);
}

/** The reference: every pass, the generic walk, the lowered schema counted wherever it can grow. */
export function byPasses(schema: Schema, limits?: DialectLimits): LoweringOutcome {
  return loweringOutcome(
    (ctx) => lowerGeminiByPasses(schema, '/inputSchema', ctx, scanSchema(schema), false),
    limits,
  );
}

/** Whether the pipeline lowers this schema with the single-pass emitter alone. */
export function takesEmitter(schema: Schema, maxNestingDepth = GEMINI_LIMITS.maxNestingDepth): boolean {
  return geminiTakesEmitter(schema, scanSchema(schema), maxNestingDepth);
}
