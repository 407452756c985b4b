import {
  CharGramModel,
  type CorpusStatistics,
  FIELDS,
  idf,
  lengthPivot,
  type TermStatistics,
  Vocabulary,
  weightedLength,
} from '@toolarsenal/toolindex/backend';
import type { Bm25Params } from '@toolarsenal/toolindex';
import { quoteIdent, type TransactionRunner } from './query-runner.js';
import { queryState, type StateRow } from './state.js';

/**
 * Each replica's mirror of the corpus statistics ranking needs — the term dictionary with document frequencies,
 * document count, field lengths and vector sums — at one store version. Refreshed incrementally: only terms
 * whose frequency changed after the mirrored version are read.
 */
export class ReplicaStatistics implements TermStatistics, CorpusStatistics {
  version = -1;
  #vocabulary = new Vocabulary();
  #df: number[] = [];
  #state: StateRow | undefined;
  #charGrams: CharGramModel | undefined;
  #idf = new Map<number, number>();
  readonly #schema: string;
  readonly #weights: Float32Array;
  readonly #pivot: Bm25Params['lengthPivot'];

  constructor(schema: string, bm25: Bm25Params) {
    this.#schema = quoteIdent(schema);
    this.#weights = Float32Array.from(FIELDS.map((f) => bm25.fieldWeights[f]));
    this.#pivot = bm25.lengthPivot;
  }

  get size(): number {
    return this.#vocabulary.size;
  }
  get docCount(): number {
    return this.#state?.doc_count ?? 0;
  }
  get deprecatedCount(): number {
    return this.#state?.deprecated_count ?? 0;
  }
  /** The length pivot, computed like the in-memory posting lists (from the sums of lengths and log lengths). */
  get averageLength(): number {
    const lengths = (this.#state?.lengths ?? [0, 0, 0, 0]).map(Number);
    return lengthPivot(
      this.#pivot,
      this.docCount,
      weightedLength(lengths, this.#weights),
      Number(this.#state?.log_lengths ?? 0),
    );
  }
  term(id: number): string | undefined {
    return this.#vocabulary.term(id);
  }
  lookup(term: string): number | undefined {
    return this.#vocabulary.lookup(term);
  }
  df(id: number): number {
    return this.#df[id] ?? 0;
  }

  /** The mean vector over tools with vectors under a deprecation rule (undefined when there are none). */
  meanVector(rule: 'exclude' | 'include' | 'only'): { mean: Float64Array; count: number } | undefined {
    const state = this.#state;
    if (!state) return undefined;
    const parts: [number[] | null | undefined, number][] = [];
    if (rule !== 'only') parts.push([state.active_sum, state.active_vectors]);
    if (rule !== 'exclude') parts.push([state.deprecated_sum, state.deprecated_vectors]);
    let count = 0;
    let mean: Float64Array | undefined;
    for (const [sum, n] of parts) {
      if (!sum || n === 0) continue;
      mean ??= new Float64Array(sum.length);
      for (let d = 0; d < sum.length; d++) mean[d] = mean[d]! + sum[d]!;
      count += n;
    }
    if (!mean || count === 0) return undefined;
    for (let d = 0; d < mean.length; d++) mean[d] = mean[d]! / count;
    return { mean, count };
  }

  /** The character-gram model over the mirrored dictionary (rebuilt after a refresh that changed it). */
  charGrams(): CharGramModel {
    this.#charGrams ??= new CharGramModel(this, []);
    return this.#charGrams;
  }

  /** IDF as the in-memory posting lists store it (float32). */
  idf(id: number): number {
    let value = this.#idf.get(id);
    if (value === undefined) {
      value = Math.fround(idf(this.docCount, this.df(id)));
      this.#idf.set(id, value);
    }
    return value;
  }

  /** The store's current version (cheap; one row). */
  async currentVersion(tx: TransactionRunner): Promise<number> {
    const row = await tx.query<{ version: string | number }>(`SELECT version FROM ${this.#schema}.state`);
    return Number(row.rows[0]?.version ?? 0);
  }

  /** Brings the mirror to the store's current version; returns whether anything changed. */
  async refresh(tx: TransactionRunner, hasVectors: boolean): Promise<boolean> {
    const state = await queryState(tx, this.#schema, hasVectors);
    if (!state) return false;
    const version = Number(state.version);
    if (version === this.version) return false;
    const terms = await tx.query<{ id: number; term: string; df: number }>(
      `SELECT id, term, df FROM ${this.#schema}.terms WHERE version > $1 ORDER BY id`,
      [this.version],
    );
    for (const row of terms.rows) {
      if (row.id < this.#vocabulary.size) {
        this.#df[row.id] = row.df;
        continue;
      }
      // Ids are dense: a new term's id is the next one. Anything else means the mirror missed rows; start over.
      if (row.id !== this.#vocabulary.size || this.#vocabulary.intern(row.term) !== row.id) {
        return this.#reload(tx, hasVectors);
      }
      this.#df[row.id] = row.df;
    }
    this.#state = state;
    this.version = version;
    this.#charGrams = undefined;
    this.#idf = new Map();
    return true;
  }

  /** Starts the mirror over (a dense-id invariant was broken, e.g. the schema was rebuilt underneath). */
  async #reload(tx: TransactionRunner, hasVectors: boolean): Promise<boolean> {
    this.version = -1;
    this.#vocabulary = new Vocabulary();
    this.#df = [];
    return this.refresh(tx, hasVectors);
  }
}
