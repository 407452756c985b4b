import {
  type Bm25Params,
  type CachedEmbedder,
  EmbedderMismatchError,
  type UpsertSummary,
} from '@toolarsenal/toolindex';
import { PgSchemaError } from './errors.js';
import {
  FIELD_COUNT,
  FIELDS,
  lengthPivot,
  logLength,
  textHash,
  toolEmbeddingText,
  unitVectors,
  weightedLength,
} from '@toolarsenal/toolindex/backend';
import { type Tool, toolToJson } from '@toolarsenal/toolmodel';
import { type StoredState, readState, writeState } from './state.js';
import { sortedByIds, termStrings, type TermStrings } from './rows.js';
import type { QueryRunner, TransactionRunner } from './query-runner.js';
import { lockSchema } from './schema.js';
import { sqlJson, sqlText, sqlTexts } from './sql-text.js';

/** Change-feed rows kept for replicas that reconnect (older ones only trigger a full statistics reload). */
const KEEP_VERSIONS = 10_000;
const ROW_CHUNK = 500;
const POSTING_CHUNK = 20_000;

export interface WriterContext {
  runner: QueryRunner;
  schema: string;
  /** Quoted schema name. */
  s: string;
  channel: string;
  cache: CachedEmbedder | undefined;
  dimensions: number | undefined;
  bm25: Bm25Params;
  /** What the schema's rows are written with (tokenizer, BM25 options, embedder id): set once, then checked. */
  meta: readonly [string, string][];
}

interface ExistingRow {
  key: number;
  id: string;
  content_hash: string;
  embed_hash: string | null;
  deprecated: boolean;
  terms: number[];
  lengths: number[];
  embedding: number[] | null;
}

interface Pending {
  tool: Tool;
  embedText: string;
  hash: string;
  vector: Float32Array | undefined;
}

/**
 * Upsert by content hash: tools whose stored hash (and, with vectors, embedding-text hash) is unchanged are left
 * alone; the others are re-tokenised, re-embedded (outside the transaction) and written with their postings,
 * term frequencies, corpus sums and change-feed rows in one transaction under the schema's writer lock, so two
 * processes writing the same tools end with one copy and consistent statistics.
 */
export async function upsertTools(
  ctx: WriterContext,
  input: readonly Tool[],
  signal?: AbortSignal,
): Promise<{ summary: UpsertSummary; version: number | undefined }> {
  const byId = new Map<string, Tool>();
  for (const tool of input) byId.set(tool.id, tool); // the last copy of an id wins, as with sequential upserts
  const tools = [...byId.values()];
  const pending: Pending[] = tools.map((tool) => {
    const embedText = toolEmbeddingText(tool);
    return { tool, embedText, hash: textHash(embedText), vector: undefined };
  });
  // Embed what looks changed before taking the lock: a remote embedder must not hold writers up.
  const before = await existingHashes(
    ctx,
    ctx.runner,
    tools.map((t) => t.id),
  );
  await embedMissing(
    ctx,
    pending.filter((p) => isChanged(ctx, p, before.get(p.tool.id))),
    signal,
  );
  return ctx.runner.transaction(async (tx) => {
    await lockSchema(tx, ctx.schema);
    await claimMeta(ctx, tx);
    const existing = await existingRows(
      ctx,
      tx,
      tools.map((t) => t.id),
    );
    const changed = pending.filter((p) => isChanged(ctx, p, existing.get(p.tool.id)));
    const summary: UpsertSummary = { added: 0, updated: 0, unchanged: tools.length - changed.length };
    if (changed.length === 0) return { summary, version: undefined };
    await embedMissing(ctx, changed, signal); // changed by another writer since the first read
    const state = await readState(tx, ctx.s, ctx.dimensions);
    const version = state.version + 1;
    const old = changed.map((p) => existing.get(p.tool.id)).filter((r): r is ExistingRow => r !== undefined);
    for (const row of old) removeFromState(ctx, state, row);
    const strings = changed.map((p) => termStrings(p.tool));
    for (const [i, p] of changed.entries()) addToState(ctx, state, p, strings[i]!);
    const ids = await termIds(ctx, tx, strings, version);
    const df = new Map<number, number>();
    for (const row of old) for (const t of row.terms) df.set(t, (df.get(t) ?? 0) - 1);
    const docs = changed.map((p, i) => {
      const termIdsOfTool = strings[i]!.terms.map((term) => ids.get(term)!);
      for (const t of termIdsOfTool) df.set(t, (df.get(t) ?? 0) + 1);
      return sortedByIds(strings[i]!, termIdsOfTool);
    });
    const keys = await writeRows(ctx, tx, changed, strings, docs, version);
    const oldKeys = old.map((r) => r.key);
    if (oldKeys.length > 0)
      await tx.query(`DELETE FROM ${ctx.s}.postings WHERE tool_key = ANY($1::int[])`, [oldKeys]);
    await writePostings(ctx, tx, state, changed, strings, docs, keys);
    await applyDf(ctx, tx, df, version);
    state.version = version;
    await writeState(tx, ctx.s, state);
    const kinds = changed.map((p) => (existing.has(p.tool.id) ? 'update' : 'add'));
    summary.added = kinds.filter((k) => k === 'add').length;
    summary.updated = kinds.length - summary.added;
    await feed(
      ctx,
      tx,
      version,
      changed.map((p) => p.tool.id),
      kinds,
    );
    return { summary, version };
  });
}

/** Removes tools by id; returns how many were stored. */
export async function removeTools(
  ctx: WriterContext,
  ids: readonly string[],
): Promise<{ removed: number; version: number | undefined }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { removed: 0, version: undefined };
  return ctx.runner.transaction(async (tx) => {
    await lockSchema(tx, ctx.schema);
    const existing = [...(await existingRows(ctx, tx, unique)).values()];
    if (existing.length === 0) return { removed: 0, version: undefined };
    const state = await readState(tx, ctx.s, ctx.dimensions);
    const version = state.version + 1;
    const df = new Map<number, number>();
    for (const row of existing) {
      removeFromState(ctx, state, row);
      for (const t of row.terms) df.set(t, (df.get(t) ?? 0) - 1);
    }
    const keys = existing.map((r) => r.key);
    await tx.query(`DELETE FROM ${ctx.s}.postings WHERE tool_key = ANY($1::int[])`, [keys]);
    await tx.query(`DELETE FROM ${ctx.s}.tools WHERE key = ANY($1::int[])`, [keys]);
    await applyDf(ctx, tx, df, version);
    state.version = version;
    await writeState(tx, ctx.s, state);
    await feed(
      ctx,
      tx,
      version,
      existing.map((r) => r.id),
      existing.map(() => 'remove'),
    );
    return { removed: existing.length, version };
  });
}

/**
 * Records what the rows are written with on the first write, and refuses a write made with anything else (an
 * index opened before another process's first write could not check it on open).
 */
async function claimMeta(ctx: WriterContext, tx: TransactionRunner): Promise<void> {
  for (const [key, value] of ctx.meta) {
    await tx.query(`INSERT INTO ${ctx.s}.meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
      key,
      value,
    ]);
  }
  const { rows } = await tx.query<{ key: string; value: string }>(
    `SELECT key, value FROM ${ctx.s}.meta WHERE key = ANY($1::text[])`,
    [ctx.meta.map(([key]) => key)],
  );
  for (const [key, value] of ctx.meta) {
    const stored = rows.find((r) => r.key === key)?.value;
    if (stored === value) continue;
    if (key === 'embedder_id') throw new EmbedderMismatchError(stored ?? '', value);
    throw new PgSchemaError(
      `schema ${ctx.schema} is written with ${key} ${stored}, not ${value}; rebuild it into a new schema`,
    );
  }
}

function isChanged(
  ctx: WriterContext,
  p: Pending,
  row: { content_hash: string; embed_hash: string | null } | undefined,
) {
  if (!row || row.content_hash !== p.tool.contentHash) return true;
  return ctx.dimensions !== undefined && row.embed_hash !== p.hash;
}

async function embedMissing(ctx: WriterContext, pending: Pending[], signal: AbortSignal | undefined) {
  if (!ctx.cache) return;
  const missing = pending.filter((p) => p.vector === undefined);
  if (missing.length === 0) return;
  const vectors = await unitVectors(
    ctx.cache,
    missing.map((p) => p.embedText),
    signal,
  );
  missing.forEach((p, i) => {
    p.vector = vectors[i];
  });
}

async function existingHashes(ctx: WriterContext, runner: QueryRunner, ids: readonly string[]) {
  const embed = ctx.dimensions === undefined ? 'NULL::text AS embed_hash' : 'embed_hash';
  const { rows } = await runner.query<{ id: string; content_hash: string; embed_hash: string | null }>(
    `SELECT id, content_hash, ${embed} FROM ${ctx.s}.tools WHERE id = ANY($1::text[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

async function existingRows(ctx: WriterContext, tx: TransactionRunner, ids: readonly string[]) {
  const vector =
    ctx.dimensions === undefined
      ? 'NULL::text AS embed_hash, NULL::real[] AS embedding'
      : 'embed_hash, embedding::real[] AS embedding';
  const { rows } = await tx.query<ExistingRow>(
    `SELECT key, id, content_hash, deprecated, terms, lengths, ${vector} FROM ${ctx.s}.tools WHERE id = ANY($1::text[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

function removeFromState(ctx: WriterContext, state: StoredState, row: ExistingRow): void {
  state.docCount--;
  if (row.deprecated) state.deprecatedCount--;
  row.lengths.forEach((l, f) => {
    state.lengths[f] = state.lengths[f]! - l;
  });
  state.logLengths -= logLength(weightedLength(row.lengths, fieldWeights(ctx)));
  if (row.embedding) addVector(state, row.deprecated, row.embedding, -1);
}

function addToState(ctx: WriterContext, state: StoredState, p: Pending, strings: TermStrings): void {
  state.docCount++;
  if (p.tool.deprecated) state.deprecatedCount++;
  strings.lengths.forEach((l, f) => {
    state.lengths[f] = state.lengths[f]! + l;
  });
  state.logLengths += logLength(weightedLength(strings.lengths, fieldWeights(ctx)));
  if (p.vector) addVector(state, p.tool.deprecated, p.vector, 1);
}

/** The BM25F field weights in field order. */
function fieldWeights(ctx: WriterContext): number[] {
  return FIELDS.map((f) => ctx.bm25.fieldWeights[f]);
}

function addVector(state: StoredState, deprecated: boolean, vector: ArrayLike<number>, sign: 1 | -1): void {
  const group = deprecated ? state.deprecated : state.active;
  group.count += sign;
  for (let d = 0; d < vector.length; d++) group.sum[d] = group.sum[d]! + sign * vector[d]!;
}

/** Database ids of every term, new ones assigned densely after the largest (we hold the writer lock). */
async function termIds(
  ctx: WriterContext,
  tx: TransactionRunner,
  strings: readonly TermStrings[],
  version: number,
): Promise<Map<string, number>> {
  const all = [...new Set(strings.flatMap((s) => s.terms))];
  const ids = new Map<string, number>();
  for (let i = 0; i < all.length; i += POSTING_CHUNK) {
    const { rows } = await tx.query<{ id: number; term: string }>(
      `SELECT id, term FROM ${ctx.s}.terms WHERE term = ANY($1::text[])`,
      [all.slice(i, i + POSTING_CHUNK)],
    );
    for (const r of rows) ids.set(r.term, r.id);
  }
  const fresh = all.filter((t) => !ids.has(t)).sort();
  if (fresh.length === 0) return ids;
  const next = await tx.query<{ next: number }>(
    `SELECT coalesce(max(id) + 1, 0) AS next FROM ${ctx.s}.terms`,
  );
  let id = Number(next.rows[0]!.next);
  for (const term of fresh) ids.set(term, id++);
  for (let i = 0; i < fresh.length; i += POSTING_CHUNK) {
    const chunk = fresh.slice(i, i + POSTING_CHUNK);
    await tx.query(
      `INSERT INTO ${ctx.s}.terms (id, term, df, version) SELECT t.id, t.term, 0, $3 FROM unnest($1::int[], $2::text[]) AS t(id, term)`,
      [chunk.map((t) => ids.get(t)!), chunk, version],
    );
  }
  return ids;
}

async function applyDf(ctx: WriterContext, tx: TransactionRunner, df: Map<number, number>, version: number) {
  const entries = [...df].filter(([, d]) => d !== 0).sort((a, b) => a[0] - b[0]);
  for (let i = 0; i < entries.length; i += POSTING_CHUNK) {
    const chunk = entries.slice(i, i + POSTING_CHUNK);
    await tx.query(
      `UPDATE ${ctx.s}.terms SET df = terms.df + d.delta, version = $3 FROM unnest($1::int[], $2::int[]) AS d(id, delta) WHERE terms.id = d.id`,
      [chunk.map((e) => e[0]), chunk.map((e) => e[1]), version],
    );
  }
}

async function writeRows(
  ctx: WriterContext,
  tx: TransactionRunner,
  changed: readonly Pending[],
  strings: readonly TermStrings[],
  docs: readonly { terms: number[]; tf: number[] }[],
  version: number,
): Promise<Map<string, number>> {
  const vectors = ctx.dimensions !== undefined;
  const keys = new Map<string, number>();
  for (let i = 0; i < changed.length; i += ROW_CHUNK) {
    const rows = changed.slice(i, i + ROW_CHUNK).map((p, k) => {
      const t = p.tool;
      return {
        id: t.id,
        name: t.name,
        namespace: sqlText(t.namespace ?? ''),
        category: sqlText(t.category ?? ''),
        source: sqlText(t.source),
        tags: sqlTexts(t.tags),
        capabilities: sqlTexts(t.capabilities),
        annotations: sqlJson(t.annotations),
        deprecated: t.deprecated,
        content_hash: t.contentHash,
        tool: JSON.stringify(toolToJson(t)),
        terms: docs[i + k]!.terms,
        tf: docs[i + k]!.tf,
        lengths: strings[i + k]!.lengths,
        ...(vectors
          ? { embedding: p.vector ? `[${Array.from(p.vector).join(',')}]` : null, embed_hash: p.hash }
          : {}),
      };
    });
    const vectorColumns = vectors ? ', embedding, embed_hash' : '';
    const vectorSelect = vectors ? ', r.embedding::vector, r.embed_hash' : '';
    const vectorTypes = vectors ? ', embedding text, embed_hash text' : '';
    const vectorUpdate = vectors ? ', embedding = EXCLUDED.embedding, embed_hash = EXCLUDED.embed_hash' : '';
    const { rows: returned } = await tx.query<{ key: number; id: string }>(
      `INSERT INTO ${ctx.s}.tools (id, name, namespace, category, source, tags, capabilities, annotations, deprecated,
         content_hash, tool, terms, tf, lengths, version${vectorColumns})
       SELECT r.id, r.name, r.namespace, r.category, r.source, r.tags, r.capabilities, r.annotations, r.deprecated,
         r.content_hash, r.tool, r.terms, r.tf, r.lengths, $2${vectorSelect}
       FROM jsonb_to_recordset($1::jsonb) AS r(id text, name text, namespace text, category text, source text,
         tags text[], capabilities text[], annotations jsonb, deprecated boolean, content_hash text, tool text,
         terms integer[], tf smallint[], lengths integer[]${vectorTypes})
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, namespace = EXCLUDED.namespace,
         category = EXCLUDED.category, source = EXCLUDED.source, tags = EXCLUDED.tags,
         capabilities = EXCLUDED.capabilities, annotations = EXCLUDED.annotations, deprecated = EXCLUDED.deprecated,
         content_hash = EXCLUDED.content_hash, tool = EXCLUDED.tool, terms = EXCLUDED.terms, tf = EXCLUDED.tf,
         lengths = EXCLUDED.lengths, version = EXCLUDED.version${vectorUpdate}
       RETURNING key, id`,
      [JSON.stringify(rows), version],
    );
    for (const r of returned) keys.set(r.id, r.key);
  }
  return keys;
}

/**
 * Posting rows with their BM25F impact at the corpus statistics after this write: the order in which a term's
 * tools are read (the replica re-scores its candidates exactly with current statistics).
 */
async function writePostings(
  ctx: WriterContext,
  tx: TransactionRunner,
  state: StoredState,
  changed: readonly Pending[],
  strings: readonly TermStrings[],
  docs: readonly { terms: number[]; tf: number[] }[],
  keys: ReadonlyMap<string, number>,
) {
  const weights = fieldWeights(ctx);
  const average = lengthPivot(
    ctx.bm25.lengthPivot,
    state.docCount,
    weightedLength(state.lengths, weights),
    state.logLengths,
  );
  const { k1, b } = ctx.bm25;
  const termCol: number[] = [];
  const impactCol: number[] = [];
  const keyCol: number[] = [];
  const flush = async () => {
    if (termCol.length === 0) return;
    await tx.query(
      `INSERT INTO ${ctx.s}.postings (term_id, impact, tool_key) SELECT * FROM unnest($1::int[], $2::real[], $3::int[])`,
      [termCol, impactCol, keyCol],
    );
    termCol.length = 0;
    impactCol.length = 0;
    keyCol.length = 0;
  };
  for (const [i, p] of changed.entries()) {
    const key = keys.get(p.tool.id)!;
    const doc = docs[i]!;
    const length = weightedLength(strings[i]!.lengths, weights);
    const norm = 1 - b + (b * length) / (average || 1);
    doc.terms.forEach((term, j) => {
      let wtf = 0;
      for (let f = 0; f < FIELD_COUNT; f++) wtf += weights[f]! * doc.tf[j * FIELD_COUNT + f]!;
      const tf = wtf / norm;
      termCol.push(term);
      impactCol.push(tf <= 0 ? 0 : (tf * (k1 + 1)) / (k1 + tf));
      keyCol.push(key);
    });
    if (termCol.length >= POSTING_CHUNK) await flush();
  }
  await flush();
}

/** Change-feed rows, pruning, and the notification every replica listens for (delivered on commit). */
async function feed(
  ctx: WriterContext,
  tx: TransactionRunner,
  version: number,
  ids: readonly string[],
  kinds: readonly string[],
) {
  for (let i = 0; i < ids.length; i += POSTING_CHUNK) {
    await tx.query(
      `INSERT INTO ${ctx.s}.changes (version, position, id, kind)
       SELECT $1, $4 + c.n - 1, c.id, c.kind FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS c(id, kind, n)`,
      [version, ids.slice(i, i + POSTING_CHUNK), kinds.slice(i, i + POSTING_CHUNK), i],
    );
  }
  await tx.query(`DELETE FROM ${ctx.s}.changes WHERE version <= $1`, [version - KEEP_VERSIONS]);
  await tx.query('SELECT pg_notify($1, $2)', [ctx.channel, String(version)]);
}
