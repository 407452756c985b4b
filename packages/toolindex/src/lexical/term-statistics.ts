import type { CompiledPostings } from './bm25.js';
import type { Vocabulary } from './vocabulary.js';

/**
 * Corpus-wide term statistics ranking reads: term ids (dense, never reused), document frequencies and the
 * document count. The in-memory index derives them from its posting lists; a database backend keeps them in a
 * table and mirrors them in each replica.
 */
export interface TermStatistics {
  /** Number of term ids (ids are `0 .. size - 1`). */
  readonly size: number;
  /** Live documents. */
  readonly docCount: number;
  term(id: number): string | undefined;
  lookup(term: string): number | undefined;
  /** Live documents containing the term. */
  df(id: number): number;
}

/** Term statistics of compiled in-memory posting lists. */
export function postingStatistics(postings: CompiledPostings, vocabulary: Vocabulary): TermStatistics {
  const { offsets } = postings;
  const size = Math.min(vocabulary.size, offsets.length - 1);
  return {
    size,
    docCount: postings.docCount,
    term: (id) => vocabulary.term(id),
    lookup: (term) => vocabulary.lookup(term),
    df: (id) => (id >= 0 && id < size ? offsets[id + 1]! - offsets[id]! : 0),
  };
}
