import { IndexOptionsError } from '@toolarsenal/toolindex';
import {
  type PgClientLike,
  type PGliteLike,
  type PgPoolLike,
  pgliteRunner,
  pgRunner,
  type QueryRunner,
} from './query-runner.js';

/** What an index can be opened on. */
export type Database = QueryRunner | PgPoolLike | PgClientLike | PGliteLike;

const has = (value: object, key: string) => typeof (value as Record<string, unknown>)[key] === 'function';

/** A query runner for the given database (or a new `pg.Pool` for a connection string, closed by `close`). */
export async function connect(options: {
  db?: Database;
  connectionString?: string;
}): Promise<{ runner: QueryRunner; close: () => Promise<void> }> {
  const { db, connectionString } = options;
  if ((db === undefined) === (connectionString === undefined))
    throw new IndexOptionsError(
      'give either db (a pg Pool or Client, a PGlite instance, a QueryRunner) or connectionString',
    );
  if (connectionString !== undefined) {
    if (typeof connectionString !== 'string')
      throw new IndexOptionsError('connectionString must be a string');
    const pg = await import('pg');
    const pool = new pg.default.Pool({ connectionString });
    // An idle pooled connection can fail (server restart); the pool drops it and the next query reconnects.
    pool.on('error', () => undefined);
    return { runner: pgRunner(pool as unknown as PgPoolLike), close: () => pool.end() };
  }
  if (db === null || typeof db !== 'object')
    throw new IndexOptionsError('db must be a pg Pool or Client, a PGlite instance or a QueryRunner');
  const none = async () => undefined;
  if (typeof (db as { totalCount?: unknown }).totalCount === 'number')
    return { runner: pgRunner(db as PgPoolLike), close: none };
  if (has(db, 'exec') && has(db, 'transaction') && has(db, 'listen'))
    return { runner: pgliteRunner(db as PGliteLike), close: none };
  if (has(db, 'connect') && has(db, 'on') && has(db, 'query'))
    return { runner: pgRunner(db as PgClientLike), close: none };
  if (has(db, 'query') && has(db, 'transaction')) return { runner: db as QueryRunner, close: none };
  throw new IndexOptionsError('db must be a pg Pool or Client, a PGlite instance or a QueryRunner');
}
