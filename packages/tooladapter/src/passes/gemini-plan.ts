import type { PassContext } from './context.js';
import { enforceLimits, enforceScanLimits } from './limits.js';
import type { GeminiPlan, SchemaScan } from './scan.js';
import type { Schema } from './schema-utils.js';

/** Root keywords `liftRootCombinators` rewrites: with none of them it returns the root as it is. */
const ROOT_COMBINATOR_KEYS = ['allOf', 'anyOf', 'oneOf', 'enum', 'not', 'if', 'then', 'else'];

/**
 * Whether the Gemini pipeline, for a schema with this scan, is only the stand-ins replacing
 * subschemas and `lowerToGeminiSchema` (every other pass would return its input): no `$schema`,
 * refs, `allOf`, `oneOf`, nothing else for the stand-in or anyOf-distribution passes (decided by
 * the caller) and no root combinator. Those schemas are what `emitGeminiSchema` lowers in one walk.
 */
function emitterCovers(schema: Schema, scan: SchemaScan): boolean {
  const has = (k: string) => scan.keywords.has(k);
  if (has('$schema') || has('$ref') || has('allOf') || has('oneOf')) return false;
  for (let i = 0; i < ROOT_COMBINATOR_KEYS.length; i++) if (ROOT_COMBINATOR_KEYS[i]! in schema) return false;
  return true;
}

/**
 * The Gemini plan for a schema, kept on its scan (a frozen schema's scan is kept by the pipeline,
 * so a tool converted again costs no keyword lookups). `covered` is the rest of the decision:
 * no anyOf distribution and no stand-in work beyond the emitter's, which live with the pipeline.
 */
export function geminiPlan(
  schema: Schema,
  scan: SchemaScan,
  depth: number,
  covered: (scan: SchemaScan, depth: number) => boolean,
): GeminiPlan {
  const known = scan.gemini;
  if (known !== undefined && known.depth === depth) return known;
  const has = (k: string) => scan.keywords.has(k);
  const plan: GeminiPlan = {
    depth,
    emit: emitterCovers(schema, scan) && covered(scan, depth),
    grows: has('anyOf') || scan.typeLists,
    consts: scan.consts,
  };
  scan.gemini = plan;
  return plan;
}

/**
 * The general pipeline's limit check on a lowered schema. Where lowering can grow the schema
 * (`grows`: `anyOf`, `oneOf`, type lists) that pipeline counts the result. Besides what the
 * caller knows may add some (`adds`: `allOf`, or consts that could push the enum values over the
 * limit), the only rewrite that adds properties or enum values is folding an `anyOf` node's
 * constraints into its branches (`lowered.folded`), so otherwise the result holds at most the
 * input's counts, and when those are within the limits the count walk could not throw.
 */
export function enforceLoweredLimits(
  lowered: { schema: Schema; folded: boolean },
  grows: boolean,
  adds: boolean,
  scan: SchemaScan,
  base: string,
  ctx: PassContext,
): void {
  const { limits, target } = ctx;
  if (!grows) {
    enforceScanLimits(scan, base, limits, target);
    return;
  }
  const within = scan.properties <= limits.maxProperties && scan.enumValues <= limits.maxEnumValues;
  if (lowered.folded || adds || !within) enforceLimits(lowered.schema, base, limits, target);
}
