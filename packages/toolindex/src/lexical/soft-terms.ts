import { createDefaultEmbedder, STATIC_EMBEDDER_ID_PREFIX } from '../embedders/static/static-embedder.js';
import type { Embedder } from '../embedders/embedder.js';
import type { QueryTerm } from './bm25.js';
import { SoftTermMatcher } from './soft-term-matcher.js';

export { type MatcherLineage, type SoftNeighbour, SoftTermMatcher } from './soft-term-matcher.js';

/**
 * Soft term matching (opt-in `softTerms` index option): a query word is also matched, through the shipped static
 * word table, by the catalogue words most similar to it (cosine above a threshold), a translation-model BM25
 * restricted to the catalogue's own vocabulary. A tool is credited, per query word, with the best of the word
 * itself and its stand-ins (see `QueryTerm.softFor`), never their sum.
 */
export interface SoftTermOptions {
  /** Least cosine between a query word and a catalogue word (0..1, default 0.6). */
  threshold: number;
  /** Weight of a soft match relative to an exact one, times the cosine (0..1, default 0.5). */
  weight: number;
  /** Most catalogue words one query word stands in for (1..20, default 3). */
  neighbours: number;
}

/** Chosen before measuring (docs/ranking-experiments.md, session 15; measured on ToolLens and MetaTool dev). */
export const DEFAULT_SOFT_TERMS: SoftTermOptions = { threshold: 0.6, weight: 0.5, neighbours: 3 };

/** Soft matching settings with the word table it reads vectors from. */
export interface SoftTerms extends SoftTermOptions {
  readonly table: Embedder;
}

/** Whether an embedder is the shipped static word table (whose rows soft matching reads). */
export function isStaticTable(embedder: Embedder | undefined): boolean {
  return embedder !== undefined && embedder.id.startsWith(STATIC_EMBEDDER_ID_PREFIX);
}

/** One shared table for indexes that turn soft matching on without the static table as their embedder. */
let sharedTable: Embedder | undefined;

/** The settings an index searches with: its own embedder's table when it is the static one, else a shared one. */
export function softTermsFor(
  options: SoftTermOptions | undefined,
  embedder: Embedder | undefined,
): SoftTerms | undefined {
  if (!options) return undefined;
  const table = isStaticTable(embedder) ? embedder! : (sharedTable ??= createDefaultEmbedder());
  return { ...options, table };
}

/** What soft matching reads from a backend's term statistics. */
export interface CatalogueTerms {
  /** Catalogue words (document frequency > 0) and their term ids. */
  catalogueTerms?(): { ids: Uint32Array; words: readonly string[] };
}

const matchers = new WeakMap<object, Promise<SoftTermMatcher>>();
/** Per index (its settings object): the latest catalogue state's matcher, whose rows and lists the next reuses. */
const latest = new WeakMap<SoftTerms, SoftTermMatcher>();

function matcherFor(statistics: CatalogueTerms, options: SoftTerms): Promise<SoftTermMatcher> {
  let matcher = matchers.get(statistics);
  if (!matcher) {
    matcher = buildMatcher(statistics.catalogueTerms!(), options.table, latest.get(options)).then((built) => {
      latest.set(options, built);
      return built;
    });
    // A failed load is not remembered: the next search tries again.
    matcher.catch(() => matchers.delete(statistics));
    matchers.set(statistics, matcher);
  }
  return matcher;
}

/**
 * A matcher for a catalogue (its words and term ids). With the matcher of a previous state of the same
 * vocabulary, only words that state did not have are embedded, and the neighbour lists it found are carried over
 * (each updated on its next use by dropping removed words and scanning the added rows only).
 */
export async function buildMatcher(
  catalogue: { ids: Uint32Array; words: readonly string[] },
  table: Embedder,
  previous?: SoftTermMatcher,
): Promise<SoftTermMatcher> {
  const { ids, words } = catalogue;
  const d = table.dimensions;
  const before = previous?.dimensions === d ? previous.lineage : undefined;
  const missing = words.filter((w) => !before?.rowOf.has(w) && !before?.unknown.has(w));
  const vectors = missing.length === 0 ? [] : await table.embed(missing);
  const fresh = new Map(missing.map((w, i) => [w, vectors[i]!]));
  const matrix = new Float32Array(words.length * d);
  const rowIds: number[] = [];
  const rowOf = new Map<string, number>();
  const unknown = new Set<string>();
  const added: number[] = [];
  let sameIds = before !== undefined;
  words.forEach((word, i) => {
    const row = rowIds.length;
    const old = before?.rowOf.get(word);
    if (old !== undefined) {
      if (previous!.id(old) !== ids[i]) sameIds = false;
      matrix.set(previous!.row(old), row * d);
    } else {
      const v = fresh.get(word);
      if (!v || !v.some((x) => x !== 0)) return void unknown.add(word);
      matrix.set(v, row * d);
      added.push(row);
    }
    rowIds.push(ids[i]!);
    rowOf.set(word, row);
  });
  const carried = sameIds ? { all: previous!.found(), added: Uint32Array.from(added) } : undefined;
  return new SoftTermMatcher(Uint32Array.from(rowIds), matrix.slice(0, rowIds.length * d), d, {
    rowOf,
    unknown,
    ...(carried ? { previous: carried } : {}),
  });
}

/**
 * The query's BM25 terms plus each term's soft stand-ins (`softFor` its position). `tokens` are the query's
 * tokens, `terms` their `queryTerms` first (one per distinct token, in first-seen order; stand-ins of other
 * kinds, such as derivational relatives, may follow and are kept). Backends whose statistics cannot list their
 * catalogue words get the terms unchanged.
 */
export async function withSoftTerms(
  statistics: CatalogueTerms,
  tokens: readonly string[],
  terms: QueryTerm[],
  options: SoftTerms | undefined,
): Promise<QueryTerm[]> {
  if (!options || !statistics.catalogueTerms || terms.length === 0) return terms;

  const wordTable = options.table;
  const matcher = await matcherFor(statistics, options);
  const words = [...new Set(tokens)];
  // Only words not searched before are embedded.
  const fresh = words.filter((w, position) => terms[position]!.weight !== 0 && !matcher.cached(w));
  const vectors = fresh.length === 0 ? [] : await wordTable.embed(fresh);
  const vectorOf = new Map(fresh.map((w, i) => [w, vectors[i]!]));
  const out = [...terms];
  words.forEach((word, position) => {
    const term = terms[position]!;
    if (term.weight === 0) return; // an aside: it does not score, so neither do its stand-ins
    const neighbours =
      matcher.cached(word) ?? matcher.neighbours(word, vectorOf.get(word)!, term.id, options);
    for (const n of neighbours)
      out.push({ id: n.id, count: term.count, weight: options.weight * n.similarity, softFor: position });
  });
  return out;
}
