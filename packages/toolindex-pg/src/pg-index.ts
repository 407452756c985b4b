import {
  type Bm25Params,
  type CachedEmbedder,
  createCachedEmbedder,
  type Embedder,
  EmbedderMismatchError,
  type IndexOptions,
  IndexOptionsError,
  type ListOptions,
  type ListPage,
  type SearchOptions,
  type SearchResult,
  type ToolChange,
  type ToolIndexLike,
  type UpsertSummary,
} from '@toolarsenal/toolindex';
import {
  checkId,
  checkListener,
  checkListOptions,
  describe,
  Emitter,
  idf,
  encodeCursor,
  type RankingConfig,
  type RetrievalBackend,
  resolveIndexOptions,
  runSearch,
  TOKENIZER_VERSION,
  toIds,
  toTools,
} from '@toolarsenal/toolindex/backend';
import type { Tool, ToolInput } from '@toolarsenal/toolmodel';
import { connect, type Database } from './connect.js';
import { EntryCache } from './entry-cache.js';
import { PgSchemaError } from './errors.js';
import { quoteIdent, type QueryRunner } from './query-runner.js';
import { ReplicaStatistics } from './replica.js';
import { retrieve } from './retrieve.js';
import { rowTool } from './rows.js';
import {
  checkSchemaName,
  DEFAULT_SCHEMA,
  type HnswOptions,
  migrateWith,
  schemaVersion,
  SCHEMA_VERSION,
} from './schema.js';
import { removeTools, upsertTools, type WriterContext } from './writer.js';

/** Vectors kept by text (tools being written and recent queries), as in memory. */
const VECTOR_CACHE_ENTRIES = 200_000;
const DEFAULT_POSTING_DEPTH = 1_000;

export interface PgIndexOptions extends IndexOptions {
  /**
   * The database: a node-postgres `Pool` (recommended: transactions and the notification listener each take a
   * connection of their own) or `Client`, a PGlite instance with the `vector` extension, or any `QueryRunner`.
   */
  db?: Database;
  /** Instead of `db`: a connection string for a `pg.Pool` the index creates and `close()` ends. */
  connectionString?: string;
  /** Postgres schema of this index (default `toolarsenal_index`). */
  schema?: string;
  /** `auto` (default): create or upgrade the schema on open. `never`: refuse to open an unmigrated schema. */
  migrate?: 'auto' | 'never';
  /** HNSW parameters for a schema created on open (see `migrate`). */
  hnsw?: HnswOptions;
  /** Postings read per query term, best BM25F impact first (default 1,000). */
  postingDepth?: number;
  /** Subscribe to the change feed with LISTEN (default true when the connection supports it). */
  listen?: boolean;
}

const PG_KEYS = ['db', 'connectionString', 'schema', 'migrate', 'hnsw', 'postingDepth', 'listen'] as const;

/** Opens (and by default migrates) a Postgres-backed index. */
export async function openPgIndex(options: PgIndexOptions): Promise<PgToolIndex> {
  if (options === null || typeof options !== 'object')
    throw new IndexOptionsError(`openPgIndex(options): expected an object, got ${describe(options)}`);
  const indexOptions: Record<string, unknown> = { ...options };
  for (const key of PG_KEYS) delete indexOptions[key];
  resolveIndexOptions(indexOptions as IndexOptions); // refuses bad options before connecting
  const schema = checkSchemaName(options.schema ?? DEFAULT_SCHEMA);
  if (options.migrate !== undefined && options.migrate !== 'auto' && options.migrate !== 'never')
    throw new IndexOptionsError(`migrate must be 'auto' or 'never', got ${describe(options.migrate)}`);
  const depth = options.postingDepth ?? DEFAULT_POSTING_DEPTH;
  if (!Number.isInteger(depth) || depth < 10 || depth > 1_000_000)
    throw new IndexOptionsError(`postingDepth must be an integer within 10..1000000, got ${describe(depth)}`);
  const { runner, close } = await connect(options);
  try {
    const embedder = options.embedder;
    if ((options.migrate ?? 'auto') === 'auto') {
      await migrateWith(runner, {
        schema,
        ...(embedder ? { dimensions: embedder.dimensions } : {}),
        ...(options.hnsw ? { hnsw: options.hnsw } : {}),
      });
    }
    const meta = await readMeta(runner, schema);
    // The schema is the index: one with vectors (created with an embedder) has the hybrid defaults, also for a
    // process that opens it without the embedder to read, since its postings are weighed with that length pivot.
    const resolved = resolveIndexOptions(
      indexOptions as IndexOptions,
      meta.dimensions === undefined ? 'lexical' : 'hybrid',
    );
    checkMeta(schema, meta, embedder, resolved.bm25);
    const index = new PgToolIndex({
      runner,
      close,
      schema,
      embedder,
      dimensions: meta.dimensions,
      bm25: resolved.bm25,
      ranking: {
        fusion: resolved.fusion,
        weights: resolved.weights,
        penalties: resolved.penalties,
        minRelevance: resolved.minRelevance,
        maxQueryLength: resolved.maxQueryLength,
        morphology: resolved.morphology,
        cache: embedder
          ? createCachedEmbedder(embedder, {
              maxEntries: VECTOR_CACHE_ENTRIES,
              ...(options.embedBatchSize !== undefined ? { batchSize: options.embedBatchSize } : {}),
            })
          : undefined,
      },
      postingDepth: depth,
    });
    await index.start(options.listen !== false);
    return index;
  } catch (error) {
    await close();
    throw error;
  }
}

interface Meta {
  dimensions: number | undefined;
  embedderId: string | undefined;
  tokenizer: string | undefined;
  bm25: string | undefined;
}

async function readMeta(runner: QueryRunner, schema: string): Promise<Meta> {
  const version = await schemaVersion(runner, schema);
  if (version === 0)
    throw new PgSchemaError(
      `schema ${schema} has no index tables; run migrate() first or open with migrate: 'auto'`,
    );
  if (version !== SCHEMA_VERSION)
    throw new PgSchemaError(
      `schema ${schema} is at version ${version}; this release reads version ${SCHEMA_VERSION}${version < SCHEMA_VERSION ? ' (run migrate())' : ' (upgrade the package)'}`,
    );
  const { rows } = await runner.query<{ key: string; value: string }>(
    `SELECT key, value FROM ${quoteIdent(schema)}.meta`,
  );
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const dimensions = value('dimensions');
  return {
    dimensions: dimensions ? Number(dimensions) : undefined,
    embedderId: value('embedder_id'),
    tokenizer: value('tokenizer'),
    bm25: value('bm25'),
  };
}

function bm25Key(bm25: Bm25Params): string {
  const { k1, b, fieldWeights: w, lengthPivot } = bm25;
  return JSON.stringify({
    k1,
    b,
    fieldWeights: { name: w.name, description: w.description, parameters: w.parameters, tags: w.tags },
    lengthPivot,
  });
}

/** The snapshot checks, against what the schema was written with. */
function checkMeta(schema: string, meta: Meta, embedder: Embedder | undefined, bm25: Bm25Params): void {
  if (embedder) {
    if (meta.dimensions === undefined)
      throw new PgSchemaError(
        `schema ${schema} is lexical only (no vector column); open it without an embedder`,
      );
    if (meta.embedderId !== undefined && meta.embedderId !== embedder.id)
      throw new EmbedderMismatchError(meta.embedderId, embedder.id);
    if (meta.dimensions !== embedder.dimensions)
      throw new PgSchemaError(
        `schema ${schema} stores ${meta.dimensions}-d vectors; the embedder makes ${embedder.dimensions}-d`,
      );
  }
  if (meta.tokenizer !== undefined && meta.tokenizer !== String(TOKENIZER_VERSION))
    throw new PgSchemaError(
      `schema ${schema} was tokenised by tokenizer version ${meta.tokenizer}, this release uses ${TOKENIZER_VERSION}; rebuild it into a new schema`,
    );
  if (meta.bm25 !== undefined && meta.bm25 !== bm25Key(bm25))
    throw new PgSchemaError(
      `schema ${schema} weighs its postings with BM25 options ${meta.bm25}; open it with the same bm25 options, or rebuild it into a new schema`,
    );
}

interface IndexParts {
  runner: QueryRunner;
  close: () => Promise<void>;
  schema: string;
  embedder: Embedder | undefined;
  dimensions: number | undefined;
  bm25: Bm25Params;
  ranking: RankingConfig;
  postingDepth: number;
}

/**
 * A tool index in Postgres (pgvector): the same records API and `search()` as the in-memory `ToolIndex`, over
 * a catalogue shared by every process that opens the same schema. Writes are transactional and serialised per
 * schema; every replica sees them on its next search, and `onChange` listeners hear them through LISTEN/NOTIFY.
 */
export class PgToolIndex implements ToolIndexLike {
  readonly embedder: Embedder | undefined;
  readonly schema: string;
  readonly bm25: Bm25Params;
  readonly #runner: QueryRunner;
  readonly #close: () => Promise<void>;
  readonly #s: string;
  readonly #channel: string;
  readonly #dimensions: number | undefined;
  readonly #ranking: RankingConfig;
  readonly #statistics: ReplicaStatistics;
  readonly #entries = new EntryCache();
  readonly #events = new Emitter<ToolChange>();
  readonly #postingDepth: number;
  readonly #backend: RetrievalBackend;
  #seen = 0;
  /** Position of the last change read within version `#seen` (past the end: the whole version was seen). */
  #seenPosition = 2 ** 31 - 1;
  #catchingUp: Promise<void> = Promise.resolve();
  #unlisten: (() => Promise<void>) | undefined;
  #closed = false;
  #retry: ReturnType<typeof setTimeout> | undefined;

  /** @internal Use `openPgIndex`. */
  constructor(parts: IndexParts) {
    this.#runner = parts.runner;
    this.#close = parts.close;
    this.schema = parts.schema;
    this.#s = quoteIdent(parts.schema);
    this.#channel = `toolarsenal_${parts.schema}`;
    this.embedder = parts.embedder;
    this.#dimensions = parts.dimensions;
    this.bm25 = parts.bm25;
    this.#ranking = parts.ranking;
    this.#postingDepth = parts.postingDepth;
    this.#statistics = new ReplicaStatistics(parts.schema, parts.bm25);
    const statistics = this.#statistics;
    this.#backend = {
      prepare: async () => {
        // The first search loads the mirror; later ones check the version inside retrieval (one query less).
        if (statistics.version < 0) await statistics.refresh(this.#runner, this.#dimensions !== undefined);
        return {
          lookup: (term) => statistics.lookup(term),
          idf: (id) => statistics.idf(id),
          unseenIdf: idf(statistics.docCount, 0),
        };
      },
      retrieve: (request) =>
        retrieve(
          {
            runner: this.#runner,
            s: this.#s,
            statistics,
            cache: this.#entries,
            dimensions: this.#dimensions,
            bm25: this.bm25,
            postingDepth: this.#postingDepth,
          },
          request,
        ),
    };
  }

  /** @internal Reads the current version and subscribes to the change feed. */
  async start(listen: boolean): Promise<void> {
    this.#seen = await this.#statistics.currentVersion(this.#runner);
    if (listen && this.#runner.listen) await this.#subscribe();
  }

  /** Number of stored tools. */
  async count(): Promise<number> {
    const { rows } = await this.#runner.query<{ doc_count: number }>(
      `SELECT doc_count FROM ${this.#s}.state`,
    );
    return rows[0]?.doc_count ?? 0;
  }

  async get(id: string): Promise<Tool | undefined> {
    checkId(id, 'get');
    const { rows } = await this.#runner.query<{ id: string; content_hash: string; tool: unknown }>(
      `SELECT id, content_hash, tool FROM ${this.#s}.tools WHERE id = $1`,
      [id],
    );
    return rows[0] ? rowTool(rows[0]) : undefined;
  }

  async has(id: string): Promise<boolean> {
    checkId(id, 'has');
    const { rows } = await this.#runner.query(`SELECT 1 FROM ${this.#s}.tools WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  /** Tools in id order (code-point order, as in memory), a page at a time. */
  async list(options: ListOptions = {}): Promise<ListPage> {
    const { limit, after } = checkListOptions(options);
    const { rows } = await this.#runner.query<{ id: string; content_hash: string; tool: unknown }>(
      `SELECT id, content_hash, tool FROM ${this.#s}.tools WHERE $1::text IS NULL OR id > $1 ORDER BY id LIMIT $2`,
      [after ?? null, limit + 1],
    );
    const tools = rows.slice(0, limit).map(rowTool);
    const last = tools.at(-1);
    return rows.length > limit && last ? { tools, nextCursor: encodeCursor(last.id) } : { tools };
  }

  /** Adds or replaces tools by id; tools whose content hash is unchanged are neither re-tokenised nor re-embedded. */
  async upsert(
    tools: Tool | ToolInput | readonly (Tool | ToolInput)[],
    signal?: AbortSignal,
  ): Promise<UpsertSummary> {
    const list = toTools(tools, 'upsert');
    const { summary, version } = await upsertTools(this.#writer(), list, signal);
    if (version !== undefined) await this.#catchUp();
    return summary;
  }

  /** Removes tools by id; returns how many were stored. */
  async remove(ids: string | readonly string[]): Promise<number> {
    const list = toIds(ids);
    const { removed, version } = await removeTools(this.#writer(), list);
    if (version !== undefined) await this.#catchUp();
    return removed;
  }

  search(request: string | SearchOptions): Promise<SearchResult> {
    return runSearch(this.#ranking, this.#backend, request);
  }

  /** Subscribes to changes made by this process and (through LISTEN/NOTIFY) by every other one. */
  onChange(listener: (change: ToolChange) => void): () => void {
    checkListener(listener);
    return this.#events.on(listener);
  }

  /** Stops listening and, when the index created its own pool (`connectionString`), closes it. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#retry);
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    await unlisten?.().catch(() => undefined);
    await this.#catchingUp.catch(() => undefined);
    await this.#close();
  }

  #writer(): WriterContext {
    if (this.#closed) throw new IndexOptionsError('this index is closed');
    if (this.#dimensions !== undefined && !this.#ranking.cache)
      throw new IndexOptionsError(
        `schema ${this.schema} stores vectors; open it with its embedder to write (reading and lexical search work without)`,
      );
    return {
      runner: this.#runner,
      schema: this.schema,
      s: this.#s,
      channel: this.#channel,
      cache: this.#ranking.cache as CachedEmbedder | undefined,
      dimensions: this.#dimensions,
      bm25: this.bm25,
      meta: [
        ['tokenizer', String(TOKENIZER_VERSION)],
        ['bm25', bm25Key(this.bm25)],
        ...(this.embedder ? ([['embedder_id', this.embedder.id]] as [string, string][]) : []),
      ],
    };
  }

  async #subscribe(): Promise<void> {
    if (this.#closed || !this.#runner.listen) return;
    try {
      this.#unlisten = await this.#runner.listen(
        this.#channel,
        () => void this.#catchUp(),
        () => {
          this.#unlisten = undefined;
          this.#scheduleResubscribe();
        },
      );
      // Changes made while unsubscribed are read from the feed.
      await this.#catchUp();
    } catch {
      this.#scheduleResubscribe();
    }
  }

  #scheduleResubscribe(): void {
    if (this.#closed) return;
    this.#retry = setTimeout(() => void this.#subscribe(), 1_000);
    this.#retry.unref?.();
  }

  /** Reads the change feed past the last version seen and tells the listeners, one read at a time. */
  #catchUp(): Promise<void> {
    const run = this.#catchingUp.then(async () => {
      if (this.#closed && this.#events.listenerCount === 0) return;
      for (;;) {
        const { rows } = await this.#runner.query<{
          version: string | number;
          position: number;
          id: string;
          kind: string;
        }>(
          `SELECT version, position, id, kind FROM ${this.#s}.changes WHERE (version, position) > ($1, $2)
           ORDER BY version, position LIMIT 10000`,
          [this.#seen, this.#seenPosition],
        );
        if (rows.length === 0) return;
        for (const row of rows) {
          this.#seen = Number(row.version);
          this.#seenPosition = row.position;
          if (row.kind === 'add' || row.kind === 'update' || row.kind === 'remove')
            this.#events.emit({ type: row.kind, id: row.id });
        }
        if (rows.length < 10000) return;
      }
    });
    this.#catchingUp = run.catch(() => undefined);
    return run;
  }
}
