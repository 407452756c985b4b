import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import {
  createIndex,
  loadIndex,
  saveIndex,
  type ToolIndex,
  type ToolIndexLike,
} from '@toolarsenal/toolindex';
// The index interface's own types, by namespace: DeferredIndex only forwards them.
import type * as Index from '@toolarsenal/toolindex';
import type * as PgBackend from '@toolarsenal/toolindex-pg';
import type { Tool, ToolInput } from '@toolarsenal/toolmodel';
import type { IndexConfig } from './config/schema.js';
import { ArsenalError } from './errors.js';

/**
 * A database given in code for `index.backend: postgres` instead of `index.url`: a node-postgres `Pool` or
 * `Client`, a PGlite instance (with the `vector` extension) or a toolindex-pg `QueryRunner`. Typed loosely so
 * this package's types do not need `@toolarsenal/toolindex-pg` installed.
 */
export type IndexDatabase = object;

/** What `index.backend: postgres` needs besides the config. */
export interface IndexBackendOptions {
  /** Used instead of `index.url` (the URL is then ignored). */
  db?: IndexDatabase;
  /** Directory a relative `index.snapshot` path resolves against. Default: the working directory. */
  dir?: string;
  /** Told about a write the database refused (the in-memory pool stays as it is; the next sync retries). */
  onProblem?: (message: string) => void;
}

/** The index the config asks for: the in-memory one, or a Postgres index opened in the background. */
export function createConfiguredIndex(config: IndexConfig, options: IndexBackendOptions = {}): ToolIndexLike {
  if (config.backend !== 'postgres') {
    if (config.snapshot === undefined) return createIndex();
    const path = resolve(options.dir ?? process.cwd(), config.snapshot);
    return new DeferredIndex(
      () => loadSnapshot(path),
      options.onProblem,
      (index) => saveSnapshot(index as ToolIndex, path),
    );
  }
  if (config.url === undefined && options.db === undefined)
    throw new ArsenalError(
      'ARSENAL_INVALID_OPTIONS',
      'index.backend "postgres" needs index.url (e.g. "${TOOLARSENAL_PG_URL}") or a database passed in code (indexDb)',
    );
  return new DeferredIndex(() => openPostgres(config, options.db), options.onProblem);
}

/**
 * `@toolarsenal/toolindex-pg`, loaded only when a config uses Postgres, so `pg` is not forced on anyone else.
 * Missing: an `ARSENAL_INDEX_BACKEND_MISSING` error naming what to install.
 */
async function loadPgBackend(): Promise<typeof PgBackend> {
  try {
    return await import('@toolarsenal/toolindex-pg');
  } catch (error) {
    throw missingPackage(error) ?? error;
  }
}

/** A typed error when `error` says `@toolarsenal/toolindex-pg` or `pg` is not installed. */
export function missingPackage(error: unknown): ArsenalError | undefined {
  const e = error as { code?: unknown; message?: unknown };
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' && e?.code !== 'MODULE_NOT_FOUND') return undefined;
  const message = String(e.message ?? '');
  const name = /'@toolarsenal\/toolindex-pg'/.test(message)
    ? '@toolarsenal/toolindex-pg'
    : /'pg'/.test(message)
      ? 'pg'
      : undefined;
  if (!name) return undefined;
  return new ArsenalError(
    'ARSENAL_INDEX_BACKEND_MISSING',
    `index.backend "postgres" needs the packages @toolarsenal/toolindex-pg and pg (${name} is not installed): npm install @toolarsenal/toolindex-pg pg`,
    { cause: error },
  );
}

/** What `migrateConfiguredIndex` did: the schema and its version before and after (equal: nothing to do). */
export interface IndexMigration {
  schema: string;
  from: number;
  to: number;
}

/**
 * Runs the Postgres index's versioned migration for `index` (idempotent; concurrent runs serialise on an
 * advisory lock). For `toolarsenal index migrate` and deployments that migrate before starting replicas.
 */
export async function migrateConfiguredIndex(
  config: IndexConfig,
  options: { db?: IndexDatabase } = {},
): Promise<IndexMigration> {
  if (config.backend !== 'postgres')
    throw new ArsenalError(
      'ARSENAL_INVALID_OPTIONS',
      'index.backend is not "postgres": the in-memory index has nothing to migrate',
    );
  if (config.url === undefined && options.db === undefined)
    throw new ArsenalError('ARSENAL_INVALID_OPTIONS', 'index.url is not set (e.g. "${TOOLARSENAL_PG_URL}")');
  const { migrate } = await loadPgBackend();
  try {
    const result = await migrate(
      options.db !== undefined ? (options.db as PgBackend.Database) : { connectionString: config.url! },
      config.schema !== undefined ? { schema: config.schema } : {},
    );
    return { schema: result.schema, from: result.from, to: result.to };
  } catch (error) {
    throw missingPackage(error) ?? scrubbed(error, config.url);
  }
}

/** The snapshot at `path` (toolindex `saveIndex`), or a new index when there is none yet. */
async function loadSnapshot(path: string): Promise<ToolIndex> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return createIndex();
    throw error;
  }
  return loadIndex(text);
}

/** Written beside and renamed over, so a crash mid-write never leaves a damaged snapshot. */
async function saveSnapshot(index: ToolIndex, path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, await saveIndex(index));
  await rename(temporary, path);
}

async function openPostgres(config: IndexConfig, db: IndexDatabase | undefined): Promise<ToolIndexLike> {
  const { openPgIndex } = await loadPgBackend();
  try {
    return await openPgIndex({
      ...(db !== undefined ? { db: db as PgBackend.Database } : { connectionString: config.url! }),
      ...(config.schema !== undefined && { schema: config.schema }),
      migrate: config.migrate === 'manual' ? 'never' : 'auto',
      ...(config.postingDepth !== undefined && { postingDepth: config.postingDepth }),
    });
  } catch (error) {
    throw missingPackage(error) ?? scrubbed(error, config.url);
  }
}

/** The error without the connection URL (or its password) in its message: the URL is a secret. */
export function scrubbed(error: unknown, url: string | undefined): unknown {
  if (url === undefined || !(error instanceof Error)) return error;
  const secrets = [url];
  try {
    const parsed = new URL(url);
    if (parsed.password) secrets.push(decodeURIComponent(parsed.password), parsed.password);
  } catch {
    // not a URL the WHATWG parser reads: the whole string is still masked
  }
  let message = error.message;
  for (const secret of secrets) if (secret.length > 0) message = message.split(secret).join('********');
  if (message === error.message) return error;
  const copy = new ArsenalError('ARSENAL_INDEX_UNAVAILABLE', message);
  copy.stack = undefined;
  return copy;
}

/**
 * An index opened asynchronously (a database connection and migration) behind the synchronous facade: writes
 * queue in order until it is open, searches wait for the writes before them, `ready()` tells whether it opened.
 */
export class DeferredIndex implements ToolIndexLike {
  readonly #opening: Promise<ToolIndexLike>;
  readonly #listeners = new Set<(change: Index.ToolChange) => void>();
  readonly #onProblem: ((message: string) => void) | undefined;
  #writes: Promise<unknown> = Promise.resolve();
  #index: ToolIndexLike | undefined;
  #closed = false;

  readonly #onClose: ((index: ToolIndexLike) => Promise<void>) | undefined;

  constructor(
    open: () => Promise<ToolIndexLike>,
    onProblem?: (message: string) => void,
    onClose?: (index: ToolIndexLike) => Promise<void>,
  ) {
    this.#onProblem = onProblem;
    this.#onClose = onClose;
    this.#opening = open().then((index) => {
      this.#index = index;
      index.onChange((change) => {
        for (const listener of [...this.#listeners]) listener(change);
      });
      return index;
    });
    // Reported through ready(), search() and the writes; never an unhandled rejection.
    this.#opening.catch(() => undefined);
  }

  get embedder() {
    return this.#index?.embedder;
  }

  /** Resolves once the index is open and every queued write is stored; rejects when the database cannot be used. */
  async ready(): Promise<void> {
    await this.#opening;
    await this.#writes;
  }

  upsert(tools: Tool | ToolInput | readonly (Tool | ToolInput)[]): Promise<Index.UpsertSummary> {
    return this.#write((index) => index.upsert(tools));
  }

  remove(ids: string | readonly string[]): Promise<number> {
    return this.#write((index) => index.remove(ids));
  }

  async get(id: string): Promise<Tool | undefined> {
    return (await this.#settled()).get(id);
  }

  async list(options?: Index.ListOptions): Promise<Index.ListPage> {
    return (await this.#settled()).list(options);
  }

  async search(request: string | Index.SearchOptions): Promise<Index.SearchResult> {
    return (await this.#settled()).search(request);
  }

  onChange(listener: (change: Index.ToolChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#writes;
    const index = await this.#opening.catch(() => undefined);
    if (index === undefined) return;
    await this.#onClose?.(index);
    await (index as { close?: () => Promise<void> }).close?.();
  }

  async #settled(): Promise<ToolIndexLike> {
    const index = await this.#opening;
    await this.#writes;
    return index;
  }

  #write<T>(run: (index: ToolIndexLike) => T | Promise<T>): Promise<T> {
    const result = this.#writes.then(async () => run(await this.#opening));
    this.#writes = result.catch((error: unknown) => {
      this.#onProblem?.(`index: a write was not stored: ${(error as Error)?.message ?? String(error)}`);
    });
    return result;
  }
}
