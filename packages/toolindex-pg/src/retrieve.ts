import type { Bm25Params } from '@toolarsenal/toolindex';
import {
  type CandidatePool,
  type Entry,
  PoolScorer,
  poolVectorScores,
  type QueryTerm,
  type RetrievalRequest,
  signalValue,
} from '@toolarsenal/toolindex/backend';
import { type EntryCache } from './entry-cache.js';
import { type FilterSql, filterSql } from './filter-sql.js';
import type { QueryRunner, TransactionRunner } from './query-runner.js';
import type { ReplicaStatistics } from './replica.js';
import { rowEntry, type ToolRow } from './rows.js';

export interface RetrieveContext {
  runner: QueryRunner;
  /** Quoted schema name. */
  s: string;
  statistics: ReplicaStatistics;
  cache: EntryCache;
  dimensions: number | undefined;
  bm25: Bm25Params;
  /** Postings read per query term, best impact first. */
  postingDepth: number;
}

/** Rounds of widening when a JavaScript-only filter (predicate, health function) empties the pool. */
const MAX_WIDENING = 4;

/**
 * The Postgres side of the ranking seam. In one transaction: the statistics mirror is brought to the store's
 * version, BM25F candidates come from the impact-ordered posting lists (each query term's best `postingDepth`
 * postings among the tools the filters allow), vector candidates from the HNSW index, both with the filters
 * pushed down; then the pool's rows (cached per replica by row version). The pool is scored exactly in
 * JavaScript with the same formulas as the in-memory index.
 */
export async function retrieve(ctx: RetrieveContext, request: RetrievalRequest): Promise<CandidatePool> {
  let per = request.pool;
  for (let round = 0; ; round++) {
    const fetched = await fetchPool(ctx, request, per);
    const { entries, filter } = fetched;
    const residual = filter.residual;
    const kept =
      residual.predicate || residual.health ? entries.filter((e) => passes(e, filter, request)) : entries;
    const short = kept.length < Math.min(per, fetched.total);
    if (kept.length === entries.length || !short || fetched.exhausted || round >= MAX_WIDENING) {
      return pool(ctx, request, kept, fetched);
    }
    per *= 4;
  }
}

function passes(entry: Entry, filter: FilterSql, request: RetrievalRequest): boolean {
  if (filter.residual.predicate && filter.residual.predicate(entry.tool) !== true) return false;
  if (filter.residual.health && signalValue(request.context?.health, entry.tool) === 0) return false;
  return true;
}

interface Fetched {
  entries: Entry[];
  filter: FilterSql;
  /** Tools the SQL filters allow. */
  total: number;
  /** Mean vector over the allowed tools with vectors (undefined: none). */
  mean: ArrayLike<number> | undefined;
  /** True when no retriever could have returned more candidates. */
  exhausted: boolean;
}

async function fetchPool(ctx: RetrieveContext, request: RetrievalRequest, per: number): Promise<Fetched> {
  const { s, statistics } = ctx;
  const vectorMode = request.vector !== undefined && ctx.dimensions !== undefined;
  // A transaction only where SET LOCAL needs one (HNSW settings); READ COMMITTED statements each see the latest
  // commit, so rows newer than the mirror make it refresh before they are checked (loadEntries).
  const inTransaction = <T>(fn: (tx: TransactionRunner) => Promise<T>) =>
    vectorMode ? ctx.runner.transaction(fn) : fn(ctx.runner);
  return inTransaction(async (tx) => {
    // ef_search bounds what an HNSW scan returns; iterative scans keep filtered queries from coming back short.
    const head = vectorMode
      ? await tx.query<{ version: string | number }>(
          `SELECT set_config('hnsw.ef_search', $1, true), set_config('hnsw.iterative_scan', 'relaxed_order', true), version FROM ${s}.state`,
          [String(Math.min(1000, Math.max(40, per * 2)))],
        )
      : await tx.query<{ version: string | number }>(`SELECT version FROM ${s}.state`);
    if (Number(head.rows[0]?.version ?? 0) !== statistics.version)
      await statistics.refresh(tx, ctx.dimensions !== undefined);
    const params: unknown[] = [];
    const filter = filterSql(request.filters, request.context, params);
    const filterParams = params.length;
    // Without deprecated tools the default rule excludes nothing: skip the join (the in-memory index skips its mask).
    const where = !filter.narrowed && statistics.deprecatedCount === 0 ? 'TRUE' : filter.where;
    const ctes: string[] = [];
    const lexical = (request.lexical ?? []).filter(
      (q): q is QueryTerm & { id: number } => q.id !== undefined,
    );
    if (lexical.length > 0) {
      const ids = `$${params.push(lexical.map((q) => q.id))}`;
      const weights = `$${params.push(lexical.map((q) => statistics.idf(q.id) * q.count * (q.weight ?? 1)))}`;
      const depth = `$${params.push(ctx.postingDepth)}`;
      const join = where === 'TRUE' ? '' : `JOIN ${s}.tools t ON t.key = p.tool_key AND ${where}`;
      ctes.push(`lex AS (
        SELECT c.tool_key AS key, sum(c.w * c.impact) AS score
        FROM unnest(${ids}::int[], ${weights}::float8[]) AS q(term_id, w)
        CROSS JOIN LATERAL (
          SELECT p.tool_key, p.impact, q.w FROM ${s}.postings p ${join}
          WHERE p.term_id = q.term_id ORDER BY p.impact DESC LIMIT ${depth}) c
        GROUP BY c.tool_key ORDER BY score DESC, c.tool_key LIMIT ${per})`);
    }
    if (vectorMode) {
      const v = `$${params.push(`[${Array.from(request.vector!).join(',')}]`)}`;
      ctes.push(`vec AS (
        SELECT t.key FROM ${s}.tools t WHERE t.embedding IS NOT NULL AND ${where}
        ORDER BY t.embedding <=> ${v}::vector LIMIT ${per})`);
    }
    let rows: { key: number; version: string | number; lexical: boolean; vector: boolean }[] = [];
    if (ctes.length > 0) {
      const lex = lexical.length > 0;
      const union = [lex ? 'SELECT key FROM lex' : '', vectorMode ? 'SELECT key FROM vec' : '']
        .filter(Boolean)
        .join(' UNION ');
      rows = (
        await tx.query<{ key: number; version: string | number; lexical: boolean; vector: boolean }>(
          `WITH ${ctes.join(', ')}
           SELECT t.key, t.version,
             ${lex ? 't.key IN (SELECT key FROM lex)' : 'false'} AS lexical,
             ${vectorMode ? 't.key IN (SELECT key FROM vec)' : 'false'} AS vector
           FROM ${s}.tools t WHERE t.key IN (${union}) ORDER BY t.key`,
          params,
        )
      ).rows;
    }
    const totals = await allowed(ctx, tx, filter, params.slice(0, filterParams), vectorMode);
    const entries = await loadEntries(ctx, tx, rows);
    const lexCount = rows.filter((r) => r.lexical).length;
    const vecCount = rows.filter((r) => r.vector).length;
    return {
      entries,
      filter,
      total: totals.total,
      mean: totals.mean,
      exhausted: (lexical.length === 0 || lexCount < per) && (!vectorMode || vecCount < per),
    };
  });
}

/** How many tools the filters allow, and their mean vector: from the mirror unless the filters narrow. */
async function allowed(
  ctx: RetrieveContext,
  tx: TransactionRunner,
  filter: FilterSql,
  params: readonly unknown[],
  vectorMode: boolean,
): Promise<{ total: number; mean: ArrayLike<number> | undefined }> {
  const { statistics } = ctx;
  if (!filter.narrowed) {
    const total =
      filter.deprecated === 'include'
        ? statistics.docCount
        : statistics.docCount - statistics.deprecatedCount;
    return { total, mean: vectorMode ? statistics.meanVector(filter.deprecated)?.mean : undefined };
  }
  const mean = vectorMode ? ', avg(t.embedding)::real[] AS mean' : '';
  const { rows } = await tx.query<{ n: number; mean?: number[] | null }>(
    `SELECT count(*)::int AS n${mean} FROM ${ctx.s}.tools t WHERE ${filter.where}`,
    params,
  );
  return { total: rows[0]?.n ?? 0, mean: rows[0]?.mean ?? undefined };
}

/** Entries of the pool rows, from the replica cache when the row version matches, else read and checked. */
async function loadEntries(
  ctx: RetrieveContext,
  tx: TransactionRunner,
  rows: readonly { key: number; version: string | number }[],
): Promise<Entry[]> {
  const missing = rows.filter((r) => ctx.cache.get(r.key, Number(r.version)) === undefined).map((r) => r.key);
  // A row written after the mirror's version may use terms the mirror has not seen yet.
  if (rows.some((r) => Number(r.version) > ctx.statistics.version))
    await ctx.statistics.refresh(tx, ctx.dimensions !== undefined);
  if (missing.length > 0) {
    const vector = ctx.dimensions === undefined ? '' : ', embedding::real[] AS embedding';
    const { rows: full } = await tx.query<ToolRow & { version: string | number }>(
      `SELECT key, id, content_hash, tool, terms, tf, lengths, version${vector} FROM ${ctx.s}.tools WHERE key = ANY($1::int[])`,
      [missing],
    );
    for (const row of full) {
      ctx.cache.set(row.key, Number(row.version), rowEntry(row, ctx.statistics.size, ctx.dimensions));
    }
  }
  return rows.map((r) => ctx.cache.get(r.key, Number(r.version))!).filter((e) => e !== undefined);
}

function pool(
  ctx: RetrieveContext,
  request: RetrievalRequest,
  entries: Entry[],
  fetched: Fetched,
): CandidatePool {
  const { statistics } = ctx;
  const scorer = new PoolScorer(
    entries.map((e) => e.terms),
    statistics,
    ctx.bm25,
  );
  let vector: CandidatePool['vector'];
  if (request.vector && ctx.dimensions !== undefined) {
    let background = 0;
    const mean = fetched.mean;
    if (mean) for (let d = 0; d < request.vector.length; d++) background += request.vector[d]! * mean[d]!;
    vector = poolVectorScores(entries, request.vector, background);
  }
  return {
    entries,
    ...(request.lexical ? { lexical: scorer.score(request.lexical) } : {}),
    ...(vector ? { vector } : {}),
    ...(request.conversation ? { conversation: scorer.score(request.conversation) } : {}),
    candidates: fetched.total,
    termOf: (id) => statistics.term(id),
    scoreDocuments: (query, slots) => scorer.scoreDocuments(query, slots),
    charGrams: () => statistics.charGrams(),
  };
}
