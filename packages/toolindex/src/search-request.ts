import type { Entry } from './entry.js';
import { QueryError } from './errors.js';
import type { SearchMode, SearchOptions } from './types.js';

/** Checks and defaults of a search request, and the per-query pieces the index computes before ranking. */

export const DEFAULT_LIMIT = 5;
export const MAX_LIMIT = 1000;
/** Conversation context is cut to its last this-many characters. */
const MAX_CONTEXT_CHARS = 20_000;

/** Cosines of the query vector with every allowed tool vector (NaN where not scored) and their mean. */
export interface VectorScores {
  cosine: Float32Array;
  slots: Uint32Array;
  values: Float32Array;
  background: number;
}

/** Validates a request (typed QueryError naming the field) and returns the mode it runs in. */
export function checkSearchOptions(
  options: SearchOptions,
  maxQueryLength: number,
  hasEmbedder: boolean,
): SearchMode {
  if (typeof options !== 'object' || options === null)
    throw new QueryError('search() needs a query string or options');
  const { query } = options;
  if (typeof query !== 'string') throw new QueryError('query must be a string');
  if (query.trim() === '') throw new QueryError('query is empty');
  if (query.length > maxQueryLength) {
    throw new QueryError(
      `query is ${query.length} characters; the limit is ${maxQueryLength} (maxQueryLength)`,
    );
  }
  const limit = options.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new QueryError(`limit must be an integer between 1 and ${MAX_LIMIT}, got ${String(limit)}`);
  }
  for (const key of ['diversity', 'minScore', 'minRelevance'] as const) {
    const v = options[key];
    if (v !== undefined && !(typeof v === 'number' && v >= 0 && v <= 1)) {
      throw new QueryError(`${key} must be a number between 0 and 1, got ${String(v)}`);
    }
  }
  const mode = options.mode ?? (hasEmbedder ? 'hybrid' : 'lexical');
  if (mode !== 'lexical' && mode !== 'semantic' && mode !== 'hybrid') {
    throw new QueryError(`mode must be lexical, semantic or hybrid, got ${JSON.stringify(mode)}`);
  }
  if (mode !== 'lexical' && !hasEmbedder) {
    throw new QueryError(`mode ${mode} needs an embedder; create the index with { embedder }`);
  }
  return mode;
}

/** Dot products of the (unit) query vector with every allowed tool vector: a flat scan, fast to 10k tools. */
export function vectorScores(
  entries: readonly (Entry | undefined)[],
  qv: Float32Array,
  allowed: Uint8Array | undefined,
): VectorScores {
  const n = entries.length;
  const cosine = new Float32Array(n).fill(Number.NaN);
  const slots = new Uint32Array(n);
  const values = new Float32Array(n);
  let count = 0;
  let sum = 0;
  const dims = qv.length;
  for (let slot = 0; slot < n; slot++) {
    const vector = entries[slot]?.vector;
    if (vector === undefined || (allowed !== undefined && allowed[slot] !== 1)) continue;
    let c = 0;
    for (let d = 0; d < dims; d++) c += qv[d]! * vector[d]!;
    cosine[slot] = c;
    sum += c;
    slots[count] = slot;
    values[count++] = c;
  }
  return {
    cosine,
    slots: slots.subarray(0, count),
    values: values.subarray(0, count),
    background: count > 0 ? sum / count : 0,
  };
}

/** The conversation text the conversation signal matches: summary plus the last 10 messages, bounded. */
export function contextText(context: NonNullable<SearchOptions['context']>): string {
  const parts = [
    context.conversationSummary ?? '',
    ...(context.recentMessages ?? []).slice(-10).map((m) => m.content),
  ];
  const text = parts.filter((p) => typeof p === 'string').join(' ');
  return text.length > MAX_CONTEXT_CHARS ? text.slice(-MAX_CONTEXT_CHARS) : text;
}

export function countOnes(mask: Uint8Array): number {
  let n = 0;
  for (const v of mask) n += v;
  return n;
}

/**
 * Vector scores of a candidate pool (slots 0..n-1) for backends that retrieve candidates elsewhere: each pool
 * tool's cosine, computed like `vectorScores`, with the mean cosine over the allowed tools given by the backend.
 */
export function poolVectorScores(
  entries: readonly Entry[],
  qv: Float32Array,
  background: number,
): VectorScores {
  const scored = vectorScores(entries, qv, undefined);
  return { ...scored, background };
}
