import type { TransactionRunner } from './query-runner.js';

/** The `state` row as the writer keeps it (vector sums in float64 while a write adds and subtracts). */
export interface StoredState {
  version: number;
  docCount: number;
  deprecatedCount: number;
  lengths: number[];
  /** Sum of the live tools' `logLength`s (the geometric length pivot), an exact integer. */
  logLengths: number;
  active: { count: number; sum: Float64Array };
  deprecated: { count: number; sum: Float64Array };
}

/** The `state` row as stored (bigint columns may arrive as strings). */
export interface StateRow {
  version: string | number;
  doc_count: number;
  deprecated_count: number;
  lengths: (string | number)[];
  log_lengths: string | number;
  active_vectors: number;
  deprecated_vectors: number;
  active_sum?: number[] | null;
  deprecated_sum?: number[] | null;
}

/** Reads the state row (with the vector sums when the schema stores vectors). */
export async function queryState(
  tx: TransactionRunner,
  s: string,
  vectors: boolean,
): Promise<StateRow | undefined> {
  const columns = vectors
    ? ', active_sum::real[] AS active_sum, deprecated_sum::real[] AS deprecated_sum'
    : '';
  const { rows } = await tx.query<StateRow>(
    `SELECT version, doc_count, deprecated_count, lengths, log_lengths, active_vectors, deprecated_vectors${columns} FROM ${s}.state`,
  );
  return rows[0];
}

export async function readState(
  tx: TransactionRunner,
  s: string,
  dimensions: number | undefined,
): Promise<StoredState> {
  const row = (await queryState(tx, s, dimensions !== undefined))!;
  return {
    version: Number(row.version),
    docCount: row.doc_count,
    deprecatedCount: row.deprecated_count,
    lengths: row.lengths.map(Number),
    logLengths: Number(row.log_lengths),
    active: { count: row.active_vectors, sum: vectorSum(row.active_sum, dimensions) },
    deprecated: { count: row.deprecated_vectors, sum: vectorSum(row.deprecated_sum, dimensions) },
  };
}

export async function writeState(tx: TransactionRunner, s: string, state: StoredState): Promise<void> {
  const vectors = state.active.sum.length > 0 || state.deprecated.sum.length > 0;
  const sum = (values: Float64Array) => (values.length === 0 ? null : Array.from(values));
  await tx.query(
    `UPDATE ${s}.state SET version = $1, doc_count = $2, deprecated_count = $3, lengths = $4::bigint[],
       active_vectors = $5, deprecated_vectors = $6, log_lengths = $7${vectors ? ', active_sum = $8::real[]::vector, deprecated_sum = $9::real[]::vector' : ''}`,
    [
      state.version,
      state.docCount,
      state.deprecatedCount,
      state.lengths,
      state.active.count,
      state.deprecated.count,
      state.logLengths,
      ...(vectors ? [sum(state.active.sum), sum(state.deprecated.sum)] : []),
    ],
  );
}

function vectorSum(stored: number[] | null | undefined, dimensions: number | undefined): Float64Array {
  if (dimensions === undefined) return new Float64Array(0);
  return stored && stored.length === dimensions ? Float64Array.from(stored) : new Float64Array(dimensions);
}
