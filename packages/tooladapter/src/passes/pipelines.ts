import { ANTHROPIC_STRICT_POLICY, type KeywordPolicy, OPENAI_STRICT_POLICY } from './allow-list.js';
import { addMissingItems } from './array-items.js';
import type { PassContext } from './context.js';
import { distributeIntoAnyOf } from './distribute-any-of.js';
import { dropSchemaKeyword } from './drop-schema-keyword.js';
import { flattenAllOf } from './flatten-all-of.js';
import { emitGeminiSchema } from './gemini-emit.js';
import { enforceLoweredLimits, geminiPlan } from './gemini-plan.js';
import { lowerToGeminiSchema } from './gemini-schema.js';
import { inlineRefs } from './inline-refs.js';
import { enforceLimits, enforceScanLimits } from './limits.js';
import { oneOfToAnyOf } from './one-of-to-any-of.js';
import { isolateRefSiblings } from './ref-siblings.js';
import { liftRootCombinators } from './root-combinators.js';
import { type SchemaScan, scanSchema } from './scan.js';
import type { Schema } from './schema-utils.js';
import { replaceInexpressible } from './stand-ins.js';
import { closeObjects } from './strict-objects.js';

/** The lowering pipelines, one per target family. */
export type LoweringProfile =
  'passthrough' | 'openai' | 'openai-strict' | 'anthropic' | 'anthropic-strict' | 'gemini' | 'gemini-json';

/** Runs the passes of `profile` over one schema; losses and flags go to `ctx`. Pure. */
export function lowerSchema(
  schema: Schema,
  base: string,
  ctx: PassContext,
  profile: LoweringProfile,
): Schema {
  let s = schema;
  if (profile === 'passthrough') return s;
  const scan = scanOf(s);
  if (profile === 'gemini') {
    // Most schemas need only the Gemini walk itself: one pass that checks while it descends.
    const plan = geminiPlan(s, scan, ctx.limits.maxNestingDepth, geminiCovered);
    const emitted = plan.emit ? emitGeminiSchema(s, base, ctx, scan.standInCandidate) : undefined;
    if (emitted !== undefined) {
      // Each const adds at most one enum value (none when its node has an enum already).
      const adds = plan.consts > 0 && scan.enumValues + plan.consts > ctx.limits.maxEnumValues;
      enforceLoweredLimits(emitted, plan.grows, adds, scan, base, ctx);
      return emitted.schema;
    }
  }
  const has = (k: string) => scan.keywords.has(k);
  if (has('$schema')) s = dropSchemaKeyword(s, base, ctx);
  switch (profile) {
    case 'gemini-json':
      if (has('$ref')) s = isolateRefSiblings(s, base, ctx);
      return s;
    case 'openai':
      s = liftRootCombinators(s, base, ctx);
      if (scan.arrayWithoutItems) s = addMissingItems(s, base, ctx);
      break;
    case 'anthropic':
      s = liftRootCombinators(s, base, ctx);
      break;
    case 'openai-strict':
      s = simplifyForGrammar(s, base, ctx, scan, { keepRecursive: true, emptyObjects: false });
      s = closeObjects(s, base, ctx, {
        requireAll: true,
        ...(needsPolicy(scan, OPENAI_STRICT_POLICY) ? { policy: OPENAI_STRICT_POLICY } : {}),
      });
      break;
    case 'anthropic-strict':
      s = simplifyForGrammar(s, base, ctx, scan, { keepRecursive: false, emptyObjects: false });
      s = closeObjects(s, base, ctx, {
        requireAll: false,
        ...(needsPolicy(scan, ANTHROPIC_STRICT_POLICY) ? { policy: ANTHROPIC_STRICT_POLICY } : {}),
      });
      break;
    case 'gemini':
      return lowerGeminiByPasses(s, base, ctx, scan);
  }
  // Without $ref the lowered schema has at most the properties/enum values of the input.
  const strictChars = profile === 'openai-strict';
  if (has('$ref')) enforceLimits(s, base, ctx.limits, ctx.target, strictChars);
  else enforceScanLimits(scan, base, ctx.limits, ctx.target, strictChars);
  return s;
}

/**
 * The Gemini pipeline pass by pass, after `$schema` is dropped: the single-pass emitter's fallback
 * for what it does not cover. `fast: false` is the reference the tests hold the fast paths to: the
 * generic walk (`lowerToGeminiSchema`) for the last step, and the lowered schema counted wherever
 * lowering could grow it.
 */
export function lowerGeminiByPasses(
  schema: Schema,
  base: string,
  ctx: PassContext,
  scan: SchemaScan,
  fast = true,
): Schema {
  const has = (k: string) => scan.keywords.has(k);
  const s = simplifyForGrammar(schema, base, ctx, scan, { keepRecursive: false, emptyObjects: true });
  const emitted = fast ? emitGeminiSchema(s, base, ctx) : undefined;
  // The generic walk's result may have folded branches: it is counted as if it had.
  const lowered = emitted ?? { schema: lowerToGeminiSchema(s, base, ctx), folded: true };
  const grows = has('anyOf') || has('oneOf') || scan.typeLists;
  // Inlined refs can hold more than the input, and so can the result wherever lowering can grow it.
  if (has('$ref') || (!fast && grows)) enforceLimits(lowered.schema, base, ctx.limits, ctx.target);
  else enforceLoweredLimits(lowered, grows, has('const') || has('allOf'), scan, base, ctx);
  return lowered.schema;
}

/**
 * The steps every constrained target (OpenAI strict, Anthropic strict, Gemini) shares: inline refs
 * (keeping recursive ones where the target allows recursion), lift root combinators, flatten
 * `allOf`, `oneOf` → `anyOf`, constraints next to an `anyOf` folded into its branches, and
 * stand-ins for what the target cannot express.
 */
function simplifyForGrammar(
  schema: Schema,
  base: string,
  ctx: PassContext,
  scan: SchemaScan,
  options: { keepRecursive: boolean; emptyObjects: boolean },
): Schema {
  const has = (k: string) => scan.keywords.has(k);
  let s = schema;
  if (has('$ref'))
    s = inlineRefs(s, base, ctx, { keepRecursive: options.keepRecursive, onRecursion: ctx.onRecursion });
  s = liftRootCombinators(s, base, ctx);
  if (has('allOf')) s = flattenAllOf(s, base, ctx);
  if (has('oneOf')) s = oneOfToAnyOf(s, base, ctx);
  if (needsDistribution(scan)) s = distributeIntoAnyOf(s, base, ctx);
  if (needsStandIns(scan, ctx.limits.maxNestingDepth))
    s = replaceInexpressible(s, base, ctx, {
      freeFormObjects: true,
      anySchemas: true,
      tuples: true,
      maxObjectDepth: ctx.limits.maxNestingDepth,
      ...(options.emptyObjects ? { emptyObjects: true } : {}),
    });
  return s;
}

/**
 * Whether `distributeIntoAnyOf` can change anything: it rewrites only nodes with `anyOf` next to a
 * `type`. Without refs, `allOf` or `oneOf`, the passes before it create no such node (root
 * combinators are removed from the root), so the scan of the input answers; skipping saves a walk
 * over the many schemas whose `anyOf`s carry only annotations (pydantic's optional fields).
 */
export function needsDistribution(scan: SchemaScan): boolean {
  const has = (k: string) => scan.keywords.has(k);
  if (!has('anyOf') && !has('oneOf')) return false;
  return has('$ref') || has('allOf') || has('oneOf') || scan.anyOfWithType;
}

/** Whether `lowerSchema` lowers this schema for Gemini with the single-pass emitter alone. */
export function geminiTakesEmitter(schema: Schema, scan: SchemaScan, maxNestingDepth: number): boolean {
  return geminiPlan(schema, scan, maxNestingDepth, geminiCovered).emit;
}

/**
 * Whether the anyOf distribution could not change the schema, nor the stand-in pass beyond what the
 * emitter decides itself (stand-ins for the subschemas `standInReason` names).
 */
function geminiCovered(scan: SchemaScan, depth: number): boolean {
  return !needsDistribution(scan) && !standInsBeyondEmitter(scan, depth);
}

/** Whether any keyword, format or `minItems` in the schema falls outside `policy`. */
function needsPolicy(scan: SchemaScan, policy: KeywordPolicy): boolean {
  if (scan.keywords.someOutside(policy.fields)) return true;
  for (const f of scan.formats) if (!policy.formats.has(f)) return true;
  return policy.maxMinItems !== undefined && scan.maxMinItems > policy.maxMinItems;
}

/** Whether the stand-in pass can change anything (it walks the whole schema, so skip it when not). */
export function needsStandIns(scan: SchemaScan, maxDepth: number): boolean {
  return scan.standInCandidate || standInsBeyondEmitter(scan, maxDepth);
}

/**
 * What the stand-in pass does beyond replacing subschemas on the way down (which the Gemini
 * emitter does as it descends): drop `false` and `{not: {}}` branches (index shifts the emitter
 * would have to replay), give arrays `items`, replace objects nested too deep, and whatever
 * inlined refs bring.
 */
function standInsBeyondEmitter(scan: SchemaScan, maxDepth: number): boolean {
  return (
    scan.falseBranches ||
    scan.arrayWithoutItems ||
    scan.objectDepth > maxDepth ||
    scan.keywords.has('not') ||
    scan.keywords.has('$ref')
  );
}

const scans = new WeakMap<object, SchemaScan>();

/**
 * Canonical schemas are deep-frozen, so their scan can be kept for the next target. Only frozen
 * schemas are kept, and freezing cannot be undone: a kept scan needs no `Object.isFrozen` (a
 * runtime call dearer than the lookup).
 */
function scanOf(schema: Schema): SchemaScan {
  let scan = scans.get(schema);
  if (scan !== undefined) return scan;
  scan = scanSchema(schema);
  if (Object.isFrozen(schema)) scans.set(schema, scan);
  return scan;
}
