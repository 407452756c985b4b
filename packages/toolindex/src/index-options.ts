import { isPlainObject } from '@toolarsenal/toolmodel';
import { IndexOptionsError } from './errors.js';
import { describe } from './index-input.js';
import { FIELDS } from './tool-text.js';
import { DEFAULT_PENALTIES, DEFAULT_WEIGHTS } from './ranking/signals.js';
import { DEFAULT_BM25, type Bm25Params, type LengthPivot } from './lexical/bm25.js';
import { DEFAULT_FUSION, type FusionOptions } from './ranking/fusion.js';
import { DEFAULT_MIN_RELEVANCE } from './ranking/relevance.js';
import type { Penalties, SignalWeights } from './ranking/signals.js';
import type { IndexOptions, SearchMode } from './types.js';
import { DEFAULT_SOFT_TERMS, isStaticTable, type SoftTermOptions } from './lexical/soft-terms.js';

/** Requests this long are abuse, not agents: refused. Long requests below it are reduced (reduceQuery). */
export const DEFAULT_MAX_QUERY = 100_000;

/** Index options after checks and defaults: what every backend ranks with. */
export interface ResolvedOptions {
  bm25: Bm25Params;
  fusion: FusionOptions;
  weights: SignalWeights;
  penalties: Penalties;
  minRelevance: number;
  maxQueryLength: number;
  softTerms: SoftTermOptions | undefined;
  morphology: Morphology;
}

/**
 * When query words get their derivational relatives: always, never, or only in searches in lexical mode (an index
 * with an embedder: morphology passed the keep rule in lexical mode and not in hybrid mode). Query-side only, so a
 * search can follow its own mode.
 */
export type Morphology = boolean | 'lexical-mode';

/** Whether a search in `mode` looks up the relatives of its query words. */
export function morphologyIn(morphology: Morphology | undefined, mode: SearchMode): boolean {
  return morphology === true || (morphology === 'lexical-mode' && mode === 'lexical');
}

/** Which defaults an index gets: those of the mode it searches by default (hybrid with an embedder, else lexical). */
export type IndexKind = 'lexical' | 'hybrid';

/**
 * The defaults that differ by kind of index. Each ranking change is kept only in the mode where it passed on
 * both dev sets (docs/ranking-experiments.md, sessions 17 and 18). The length pivot is built into the postings, so
 * an index gets the one of the mode it searches by default: the mean for lexical, the geometric mean for hybrid.
 * Morphology only looks query words up, so it follows each search's mode: on in lexical mode, off in hybrid mode.
 */
export function indexDefaults(kind: IndexKind): { morphology: Morphology; lengthPivot: LengthPivot } {
  return kind === 'hybrid'
    ? { morphology: 'lexical-mode', lengthPivot: 'geometric' }
    : { morphology: true, lengthPivot: DEFAULT_BM25.lengthPivot };
}

/**
 * Checks `createIndex`-style options (typed IndexOptionsError naming the option) and fills in the defaults:
 * those of `kind`, by default the kind the options make (`hybrid` with an embedder). An option that is set wins.
 */
export function resolveIndexOptions(options: IndexOptions, kind?: IndexKind): ResolvedOptions {
  checkIndexOptions(options);
  const defaults = indexDefaults(kind ?? (options.embedder === undefined ? 'lexical' : 'hybrid'));
  const resolved: ResolvedOptions = {
    bm25: {
      k1: options.bm25?.k1 ?? DEFAULT_BM25.k1,
      b: options.bm25?.b ?? DEFAULT_BM25.b,
      fieldWeights: { ...DEFAULT_BM25.fieldWeights, ...options.bm25?.fieldWeights },
      lengthPivot: options.bm25?.lengthPivot ?? defaults.lengthPivot,
    },
    fusion: options.fusion ?? DEFAULT_FUSION,
    weights: { ...DEFAULT_WEIGHTS, ...options.weights },
    penalties: { ...DEFAULT_PENALTIES, ...options.penalties },
    minRelevance: options.minRelevance ?? DEFAULT_MIN_RELEVANCE,
    maxQueryLength: options.maxQueryLength ?? DEFAULT_MAX_QUERY,
    softTerms: resolveSoftTerms(options.softTerms, options.embedder),
    morphology: options.morphology ?? defaults.morphology,
  };
  validateOptions(resolved);
  return resolved;
}

const OPTION_KEYS = [
  'embedder',
  'bm25',
  'fusion',
  'weights',
  'penalties',
  'minRelevance',
  'maxQueryLength',
  'embedBatchSize',
  'softTerms',
  'morphology',
];
const GROUP_KEYS: Record<string, readonly string[]> = {
  bm25: ['k1', 'b', 'fieldWeights', 'lengthPivot'],
  softTerms: Object.keys(DEFAULT_SOFT_TERMS),
  'bm25.fieldWeights': FIELDS,
  weights: Object.keys(DEFAULT_WEIGHTS),
  penalties: Object.keys(DEFAULT_PENALTIES),
};

/**
 * Shape of `createIndex` options before they are read: an object, known keys only (a misspelt weight would
 * otherwise be ignored silently), an embedder with an id, dimensions and embed(), integer limits.
 */
export function checkIndexOptions(options: unknown): void {
  if (!isPlainObject(options))
    throw new IndexOptionsError(`createIndex(options): expected an object, got ${describe(options)}`);
  knownKeys(options, OPTION_KEYS, 'options');
  if (options.morphology !== undefined && typeof options.morphology !== 'boolean')
    throw new IndexOptionsError(`morphology must be a boolean, got ${describe(options.morphology)}`);
  const softTerms = options.softTerms;
  if (softTerms !== undefined && typeof softTerms !== 'boolean') {
    if (!isPlainObject(softTerms))
      throw new IndexOptionsError(`softTerms must be a boolean or an object, got ${describe(softTerms)}`);
    knownKeys(softTerms, GROUP_KEYS.softTerms!, 'softTerms');
  }
  for (const group of ['bm25', 'weights', 'penalties'] as const) {
    const value = options[group];
    if (value === undefined) continue;
    if (!isPlainObject(value))
      throw new IndexOptionsError(`${group} must be an object, got ${describe(value)}`);
    knownKeys(value, GROUP_KEYS[group]!, group);
  }
  const fieldWeights = (options.bm25 as Record<string, unknown> | undefined)?.fieldWeights;
  if (fieldWeights !== undefined) {
    if (!isPlainObject(fieldWeights))
      throw new IndexOptionsError(`bm25.fieldWeights must be an object, got ${describe(fieldWeights)}`);
    knownKeys(fieldWeights, GROUP_KEYS['bm25.fieldWeights']!, 'bm25.fieldWeights');
  }
  const { embedder, fusion } = options as Record<string, unknown>;
  if (embedder !== undefined) {
    const e = embedder as { id?: unknown; dimensions?: unknown; embed?: unknown } | null;
    if (
      e === null ||
      typeof e !== 'object' ||
      typeof e.id !== 'string' ||
      e.id === '' ||
      typeof e.dimensions !== 'number' ||
      !Number.isInteger(e.dimensions) ||
      e.dimensions < 1 ||
      typeof e.embed !== 'function'
    ) {
      throw new IndexOptionsError(
        'embedder must have a non-empty string id, an integer dimensions ≥ 1 and an embed() function',
      );
    }
  }
  if (fusion !== undefined) {
    const method = isPlainObject(fusion) ? fusion.method : undefined;
    if (method !== 'blend' && method !== 'rrf')
      throw new IndexOptionsError(
        `fusion must be { method: 'blend', alpha } or { method: 'rrf', k }, got ${describe(fusion)}`,
      );
  }
  for (const key of ['maxQueryLength', 'embedBatchSize'] as const) {
    const value = options[key];
    if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value >= 1))
      throw new IndexOptionsError(`${key} must be an integer ≥ 1, got ${describe(value)}`);
  }
  if (options.minRelevance !== undefined && typeof options.minRelevance !== 'number')
    throw new IndexOptionsError(
      `minRelevance must be a number within 0..1, got ${describe(options.minRelevance)}`,
    );
}

function knownKeys(value: Record<string, unknown>, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key))
      throw new IndexOptionsError(
        `${where}: unknown option ${JSON.stringify(key)} (known: ${allowed.join(', ')})`,
      );
  }
}

/** Rejects index options that would silently corrupt scores (NaN weights, α outside 0..1…). */
function validateOptions(index: ResolvedOptions): void {
  const { k1, b, fieldWeights, lengthPivot } = index.bm25;
  if (!(k1 > 0) || !(b >= 0 && b <= 1))
    throw new IndexOptionsError('bm25.k1 must be > 0 and bm25.b within 0..1');
  if (lengthPivot !== 'geometric' && lengthPivot !== 'mean')
    throw new IndexOptionsError(
      `bm25.lengthPivot must be 'geometric' or 'mean', got ${describe(lengthPivot)}`,
    );
  for (const [field, w] of Object.entries(fieldWeights)) {
    if (!(w >= 0)) throw new IndexOptionsError(`bm25.fieldWeights.${field} must be ≥ 0`);
  }
  if (index.fusion.method === 'blend' && !(index.fusion.alpha >= 0 && index.fusion.alpha <= 1)) {
    throw new IndexOptionsError('fusion.alpha must be within 0..1');
  }
  if (index.fusion.method === 'rrf' && !(index.fusion.k > 0))
    throw new IndexOptionsError('fusion.k must be > 0');
  if (!(index.minRelevance >= 0 && index.minRelevance <= 1))
    throw new IndexOptionsError('minRelevance must be within 0..1');
  for (const [group, values] of [
    ['weights', index.weights],
    ['penalties', index.penalties],
  ] as const) {
    for (const [key, value] of Object.entries(values)) {
      if (!(value >= 0) || value === Number.POSITIVE_INFINITY)
        throw new IndexOptionsError(`${group}.${key} must be a finite number ≥ 0 (got ${String(value)})`);
    }
  }
}

/**
 * `softTerms` after defaults, or undefined when off; bad values throw IndexOptionsError naming the field. Unset,
 * it is on when the embedder is the shipped static table (whose word rows it reads; the first search of a word
 * scans the catalogue's words, in WebAssembly), off otherwise: a lexical-only index would load the table for it.
 */
function resolveSoftTerms(
  value: IndexOptions['softTerms'],
  embedder: IndexOptions['embedder'],
): SoftTermOptions | undefined {
  if (value === undefined) return isStaticTable(embedder) ? DEFAULT_SOFT_TERMS : undefined;
  if (value === false) return undefined;
  const soft = value === true ? DEFAULT_SOFT_TERMS : { ...DEFAULT_SOFT_TERMS, ...value };
  if (!(typeof soft.threshold === 'number' && soft.threshold > 0 && soft.threshold <= 1))
    throw new IndexOptionsError(`softTerms.threshold must be within (0, 1], got ${describe(soft.threshold)}`);
  if (!(typeof soft.weight === 'number' && soft.weight >= 0 && soft.weight <= 1))
    throw new IndexOptionsError(`softTerms.weight must be within 0..1, got ${describe(soft.weight)}`);
  if (!(Number.isInteger(soft.neighbours) && soft.neighbours >= 1 && soft.neighbours <= 20))
    throw new IndexOptionsError(
      `softTerms.neighbours must be an integer 1..20, got ${describe(soft.neighbours)}`,
    );
  return soft;
}
