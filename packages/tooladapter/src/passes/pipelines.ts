import { ANTHROPIC_STRICT_POLICY, applyKeywordPolicy, OPENAI_STRICT_POLICY } from './allow-list.js';
import { addMissingItems } from './array-items.js';
import type { PassContext } from './context.js';
import { flattenAllOf } from './flatten-all-of.js';
import { lowerToGeminiSchema } from './gemini-schema.js';
import { inlineRefs } from './inline-refs.js';
import { enforceLimits } from './limits.js';
import { oneOfToAnyOf } from './one-of-to-any-of.js';
import { liftRootCombinators } from './root-combinators.js';
import type { Schema } from './schema-utils.js';
import { replaceInexpressible } from './stand-ins.js';
import { closeObjects } from './strict-objects.js';

/** The lowering pipelines, one per target family. */
export type LoweringProfile =
  | 'passthrough'
  | 'openai'
  | 'openai-strict'
  | 'anthropic'
  | 'anthropic-strict'
  | 'gemini';

/** Runs the passes of `profile` over one schema; losses and flags go to `ctx`. Pure. */
export function lowerSchema(
  schema: Schema,
  base: string,
  ctx: PassContext,
  profile: LoweringProfile,
): Schema {
  let s = schema;
  switch (profile) {
    case 'passthrough':
      return s;
    case 'openai':
      s = liftRootCombinators(s, base, ctx);
      s = addMissingItems(s, base, ctx);
      break;
    case 'anthropic':
      s = liftRootCombinators(s, base, ctx);
      break;
    case 'openai-strict':
      s = inlineRefs(s, base, ctx, { keepRecursive: true });
      s = liftRootCombinators(s, base, ctx);
      s = flattenAllOf(s, base, ctx);
      s = oneOfToAnyOf(s, base, ctx);
      s = replaceInexpressible(s, base, ctx, {
        freeFormObjects: true,
        anySchemas: true,
        tuples: true,
        maxObjectDepth: ctx.limits.maxNestingDepth,
      });
      s = applyKeywordPolicy(s, base, ctx, OPENAI_STRICT_POLICY);
      s = closeObjects(s, base, ctx, { requireAll: true });
      break;
    case 'anthropic-strict':
      s = inlineRefs(s, base, ctx, { keepRecursive: false });
      s = liftRootCombinators(s, base, ctx);
      s = flattenAllOf(s, base, ctx);
      s = oneOfToAnyOf(s, base, ctx);
      s = replaceInexpressible(s, base, ctx, {
        freeFormObjects: true,
        anySchemas: true,
        tuples: true,
        maxObjectDepth: ctx.limits.maxNestingDepth,
      });
      s = applyKeywordPolicy(s, base, ctx, ANTHROPIC_STRICT_POLICY);
      s = closeObjects(s, base, ctx, { requireAll: false });
      break;
    case 'gemini':
      s = inlineRefs(s, base, ctx, { keepRecursive: false });
      s = liftRootCombinators(s, base, ctx);
      s = flattenAllOf(s, base, ctx);
      s = oneOfToAnyOf(s, base, ctx);
      s = replaceInexpressible(s, base, ctx, {
        freeFormObjects: true,
        anySchemas: true,
        tuples: true,
        maxObjectDepth: ctx.limits.maxNestingDepth,
      });
      s = lowerToGeminiSchema(s, base, ctx);
      break;
  }
  enforceLimits(s, base, ctx.limits, ctx.target);
  return s;
}
