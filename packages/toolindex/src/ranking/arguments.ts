import type { Entry } from '../entry.js';
import { tokenize } from '../text/tokenize.js';
import { toolSlots } from './slots.js';
import { valueKindMask, valueKindTermsOf } from './value-kinds.js';
import { parameterDescription } from './parameter-text.js';

/** Bounds on what is read from an untrusted schema. */
const MAX_ARGUMENTS = 50;
const MAX_TOKENS_PER_ARGUMENT = 64;

/**
 * Terms of each required parameter (name + description, tokenised like the index), or an empty list when the
 * tool requires nothing. Requests usually carry the values a tool needs ("for 2023-04-01 in Paris"), so a tool
 * whose required inputs the request never mentions is a weaker match than one it supplies.
 */
export function argumentTerms(inputSchema: unknown): string[][] {
  if (typeof inputSchema !== 'object' || inputSchema === null) return [];
  const { properties, required } = inputSchema as { properties?: unknown; required?: unknown };
  if (!Array.isArray(required) || typeof properties !== 'object' || properties === null) return [];
  const out: string[][] = [];
  for (const name of required.slice(0, MAX_ARGUMENTS)) {
    if (typeof name !== 'string' || !Object.hasOwn(properties, name)) continue;
    const description = parameterDescription((properties as Record<string, unknown>)[name]);
    const terms = [...new Set(tokenize(`${name} ${description}`))].slice(0, MAX_TOKENS_PER_ARGUMENT);
    if (terms.length > 0) out.push(terms);
  }
  return out;
}

/**
 * Share of the required parameters the query mentions (any of a parameter's terms occurs in the query), in
 * [0, 1]; `undefined` when the tool requires nothing, so the signal neither helps nor hurts it.
 */
export function argumentCoverage(
  argumentTermsOfTool: readonly (readonly string[])[],
  queryTerms: ReadonlySet<string>,
): number | undefined {
  if (argumentTermsOfTool.length === 0 || queryTerms.size === 0) return undefined;
  let covered = 0;
  for (const terms of argumentTermsOfTool) if (terms.some((t) => queryTerms.has(t))) covered++;
  return covered / argumentTermsOfTool.length;
}

/**
 * What a query offers the arguments signal: its terms plus the parameter terms its values fill (a date, an IP…);
 * `valueKinds`, when known, is the mask of those values (`valueKindMask`).
 */
export function argumentQueryTerms(
  query: string,
  tokens: readonly string[] = tokenize(query),
  valueKinds = valueKindMask(query),
): Set<string> {
  return new Set([...tokens, ...valueKindTermsOf(valueKinds)]);
}

/** A tool's parameter features for the arguments and slots signals, computed on first need and kept. */
export function parameterFeatures(entry: Entry): { argumentTerms: string[][]; slotKinds: number } {
  entry.argumentTerms ??= argumentTerms(entry.tool.inputSchema);
  entry.slotKinds ??= toolSlots(entry.tool.inputSchema);
  return { argumentTerms: entry.argumentTerms, slotKinds: entry.slotKinds };
}
