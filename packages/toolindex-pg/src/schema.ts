import { IndexOptionsError } from '@toolarsenal/toolindex';
import { PgSchemaError } from './errors.js';
import { connect, type Database } from './connect.js';
import { quoteIdent, type QueryRunner, type TransactionRunner } from './query-runner.js';

/** The schema version this release writes and reads. */
export const SCHEMA_VERSION = 1;
/** Advisory-lock class of every lock this package takes (the second key is the schema's hash). */
export const LOCK_CLASS = 0x7a_6c_01;

export interface HnswOptions {
  /** Neighbours per node (pgvector default 16). */
  m?: number;
  /** Candidate list while building (pgvector default 64). */
  efConstruction?: number;
}

export interface MigrateOptions {
  /** Postgres schema holding the index's tables (default `toolarsenal_index`); one index per schema. */
  schema?: string;
  /** Vector dimensions (the embedder's); omit for a lexical-only index. Fixed once the schema exists. */
  dimensions?: number;
  /** HNSW index parameters (cosine distance), used when the vector index is created. */
  hnsw?: HnswOptions;
}

export interface MigrateResult {
  schema: string;
  from: number;
  to: number;
}

export const DEFAULT_SCHEMA = 'toolarsenal_index';

/** A schema name: a plain lower-case identifier, so it is safe in SQL and in a notification channel name. */
export function checkSchemaName(schema: unknown): string {
  if (typeof schema !== 'string' || !/^[a-z_][a-z0-9_]{0,40}$/.test(schema))
    throw new IndexOptionsError(
      `schema must be a lower-case identifier of at most 41 characters ([a-z_][a-z0-9_]*), got ${JSON.stringify(schema)}`,
    );
  return schema;
}

function checkDimensions(dimensions: unknown): number | undefined {
  if (dimensions === undefined) return undefined;
  if (
    typeof dimensions !== 'number' ||
    !Number.isInteger(dimensions) ||
    dimensions < 1 ||
    dimensions > 16_000
  )
    throw new IndexOptionsError(`dimensions must be an integer within 1..16000, got ${String(dimensions)}`);
  return dimensions;
}

function checkHnsw(hnsw: HnswOptions | undefined): Required<HnswOptions> {
  const m = hnsw?.m ?? 16;
  const efConstruction = hnsw?.efConstruction ?? 64;
  if (!Number.isInteger(m) || m < 2 || m > 100)
    throw new IndexOptionsError(`hnsw.m must be an integer within 2..100, got ${String(m)}`);
  if (!Number.isInteger(efConstruction) || efConstruction < 4 || efConstruction > 1000)
    throw new IndexOptionsError(
      `hnsw.efConstruction must be an integer within 4..1000, got ${String(efConstruction)}`,
    );
  return { m, efConstruction };
}

/** Takes the schema's advisory transaction lock (writers and migrations serialise on it). */
export async function lockSchema(tx: TransactionRunner, schema: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS, schema]);
}

/**
 * Creates or upgrades the index's tables in `schema` (idempotent; concurrent callers serialise on an advisory
 * lock). Needs the `vector` extension when `dimensions` is given (`CREATE EXTENSION IF NOT EXISTS vector`).
 * `db` is an open database, or `{ connectionString }` for a `pg.Pool` opened and closed around the migration.
 */
export async function migrate(
  db: Database | { connectionString: string },
  options: MigrateOptions = {},
): Promise<MigrateResult> {
  const { runner, close } = await connect(isUrl(db) ? { connectionString: db.connectionString } : { db });
  try {
    return await migrateWith(runner, options);
  } finally {
    await close();
  }
}

function isUrl(db: unknown): db is { connectionString: string } {
  return (
    db !== null &&
    typeof db === 'object' &&
    'connectionString' in db &&
    typeof (db as { query?: unknown }).query !== 'function'
  );
}

export async function migrateWith(runner: QueryRunner, options: MigrateOptions = {}): Promise<MigrateResult> {
  const schema = checkSchemaName(options.schema ?? DEFAULT_SCHEMA);
  const dimensions = checkDimensions(options.dimensions);
  const hnsw = checkHnsw(options.hnsw);
  return runner.transaction(async (tx) => {
    await lockSchema(tx, schema);
    const from = await schemaVersion(tx, schema);
    if (from > SCHEMA_VERSION)
      throw new PgSchemaError(
        `schema ${schema} is at version ${from}, newer than this release of @toolarsenal/toolindex-pg (${SCHEMA_VERSION}); upgrade the package`,
      );
    if (from === 0) await createV1(tx, schema, dimensions, hnsw);
    else {
      const stored = await storedDimensions(tx, schema);
      if (dimensions !== undefined && stored !== dimensions)
        throw new PgSchemaError(
          stored === undefined
            ? `schema ${schema} was created without vectors (lexical only); migrate a new schema for ${dimensions}-d vectors`
            : `schema ${schema} stores ${stored}-d vectors, not ${dimensions}-d; migrate a new schema for another embedder`,
        );
    }
    return { schema, from, to: SCHEMA_VERSION };
  });
}

/** 0 when the schema has no index tables yet. */
export async function schemaVersion(tx: TransactionRunner, schema: string): Promise<number> {
  const exists = await tx.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [
    `${quoteIdent(schema)}.meta`,
  ]);
  if (!exists.rows[0]?.present) return 0;
  const row = await tx.query<{ value: string }>(
    `SELECT value FROM ${quoteIdent(schema)}.meta WHERE key = 'schema_version'`,
  );
  const version = Number(row.rows[0]?.value);
  if (!Number.isInteger(version) || version < 1)
    throw new PgSchemaError(
      `schema ${schema} has a meta table without a valid schema_version; is it an index schema?`,
    );
  return version;
}

async function storedDimensions(tx: TransactionRunner, schema: string): Promise<number | undefined> {
  const row = await tx.query<{ value: string }>(
    `SELECT value FROM ${quoteIdent(schema)}.meta WHERE key = 'dimensions'`,
  );
  const value = row.rows[0]?.value;
  return value === undefined || value === '' ? undefined : Number(value);
}

async function createV1(
  tx: TransactionRunner,
  schema: string,
  dimensions: number | undefined,
  hnsw: Required<HnswOptions>,
): Promise<void> {
  const s = quoteIdent(schema);
  if (dimensions !== undefined) await tx.query('CREATE EXTENSION IF NOT EXISTS vector');
  const vector = dimensions === undefined ? '' : `, embedding vector(${dimensions}), embed_hash text`;
  const sums =
    dimensions === undefined
      ? ''
      : `, active_sum vector(${dimensions}), deprecated_sum vector(${dimensions})`;
  const statements = [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    `CREATE TABLE ${s}.meta (key text PRIMARY KEY, value text NOT NULL)`,
    // One row: the change version, corpus counts and sums ranking needs (BM25 lengths, mean vectors).
    `CREATE TABLE ${s}.state (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      version bigint NOT NULL DEFAULT 0,
      doc_count integer NOT NULL DEFAULT 0,
      deprecated_count integer NOT NULL DEFAULT 0,
      lengths bigint[] NOT NULL DEFAULT '{0,0,0,0}',
      log_lengths bigint NOT NULL DEFAULT 0,
      active_vectors integer NOT NULL DEFAULT 0,
      deprecated_vectors integer NOT NULL DEFAULT 0${sums})`,
    `INSERT INTO ${s}.state DEFAULT VALUES`,
    // Term ids are dense (assigned under the writer lock) and never reused, like the in-memory vocabulary.
    `CREATE TABLE ${s}.terms (id integer PRIMARY KEY, term text NOT NULL UNIQUE, df integer NOT NULL, version bigint NOT NULL)`,
    `CREATE INDEX ON ${s}.terms (version)`,
    `CREATE TABLE ${s}.tools (
      key integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      id text COLLATE "C" NOT NULL UNIQUE,
      name text NOT NULL,
      namespace text NOT NULL,
      category text NOT NULL,
      source text NOT NULL,
      tags text[] NOT NULL,
      capabilities text[] NOT NULL,
      annotations jsonb NOT NULL,
      deprecated boolean NOT NULL,
      content_hash text NOT NULL,
      tool text NOT NULL,
      terms integer[] NOT NULL,
      tf smallint[] NOT NULL,
      lengths integer[] NOT NULL,
      version bigint NOT NULL${vector})`,
    `CREATE INDEX ON ${s}.tools (namespace)`,
    `CREATE INDEX ON ${s}.tools (category)`,
    `CREATE INDEX ON ${s}.tools USING gin (tags)`,
    `CREATE INDEX ON ${s}.tools USING gin (capabilities)`,
    `CREATE INDEX ON ${s}.tools USING gin (annotations jsonb_path_ops)`,
    // Impact-ordered posting lists: a term's best tools are read first (BM25F weight at write time).
    `CREATE TABLE ${s}.postings (term_id integer NOT NULL, impact real NOT NULL, tool_key integer NOT NULL)`,
    `CREATE INDEX postings_term ON ${s}.postings (term_id, impact DESC, tool_key)`,
    `CREATE INDEX postings_tool ON ${s}.postings (tool_key)`,
    // The change feed: one row per changed tool and version, read by replicas after a notification.
    `CREATE TABLE ${s}.changes (version bigint NOT NULL, position integer NOT NULL, id text NOT NULL, kind text NOT NULL, PRIMARY KEY (version, position))`,
  ];
  if (dimensions !== undefined)
    statements.push(
      `CREATE INDEX tools_embedding ON ${s}.tools USING hnsw (embedding vector_cosine_ops) WITH (m = ${hnsw.m}, ef_construction = ${hnsw.efConstruction})`,
    );
  for (const sql of statements) await tx.query(sql);
  await tx.query(`INSERT INTO ${s}.meta (key, value) VALUES ('schema_version', $1), ('dimensions', $2)`, [
    String(SCHEMA_VERSION),
    dimensions === undefined ? '' : String(dimensions),
  ]);
}
