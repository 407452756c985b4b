/**
 * The little the index needs from a Postgres connection: parameterised queries, transactions, and (optionally)
 * notifications. Adapters below cover node-postgres (`Pool` or `Client`) and PGlite; anything else that can run
 * a parameterised query fits too.
 */
export interface QueryRunner {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: R[] }>;
  /** Runs `fn` inside one transaction on one connection (BEGIN … COMMIT, ROLLBACK when it throws). */
  transaction<T>(fn: (tx: TransactionRunner) => Promise<T>): Promise<T>;
  /**
   * Subscribes to a notification channel (`LISTEN`); returns the unsubscribe function. Absent: changes made by
   * other processes are still seen (every search checks the store's version), only `onChange` is not pushed.
   */
  listen?(
    channel: string,
    onNotify: (payload: string) => void,
    onLost?: (error: Error) => void,
  ): Promise<() => Promise<void>>;
}

export interface TransactionRunner {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: R[] }>;
}

/** The shape of node-postgres' `Pool` the adapter uses (no import: `pg` stays the application's). */
export interface PgPoolLike {
  readonly totalCount: number;
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Resolves to a pooled client (a `PgClientLike` with `release()`). */
  connect(): Promise<unknown>;
}

/** The shape of node-postgres' `Client` the adapter uses. */
export interface PgClientLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  // Typed loosely: node-postgres' own overloads differ between Client and PoolClient.
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
}

type PooledClient = PgClientLike & { release(error?: Error | boolean): void };

/** The shape of a PGlite instance the adapter uses. */
export interface PGliteLike {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  transaction<T>(
    fn: (tx: { query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }> }) => Promise<T>,
  ): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** node-postgres' Pool keeps connection counts; a Client has none. */
function isPool(value: PgPoolLike | PgClientLike): value is PgPoolLike {
  return typeof (value as { totalCount?: unknown }).totalCount === 'number';
}

/**
 * A runner over node-postgres. With a `Pool`, each transaction takes a connection of its own and notifications
 * get one dedicated connection; with a single `Client`, transactions are run one at a time (a client cannot
 * interleave them) and notifications arrive on it.
 */
export function pgRunner(db: PgPoolLike | PgClientLike): QueryRunner {
  return isPool(db) ? poolRunner(db) : clientRunner(db);
}

function poolRunner(pool: PgPoolLike): QueryRunner {
  return {
    query: async <R>(sql: string, params: readonly unknown[] = []) =>
      (await pool.query(sql, [...params])) as { rows: R[] },
    async transaction(fn) {
      const client = (await pool.connect()) as PooledClient;
      try {
        return await inTransaction(client, fn);
      } finally {
        client.release();
      }
    },
    async listen(channel, onNotify, onLost) {
      const client = (await pool.connect()) as PooledClient;
      let released = false;
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        client.release(error ?? false);
      };
      // The dedicated connection can drop (server restart, idle timeout): hand it back and tell the caller.
      const onError = (error: Error) => {
        release(error);
        onLost?.(error);
      };
      client.on('error', onError as (...args: never[]) => void);
      try {
        const unsubscribe = await listenOn(client, channel, onNotify);
        return async () => {
          client.removeListener('error', onError as (...args: never[]) => void);
          if (released) return;
          try {
            await unsubscribe();
          } finally {
            release();
          }
        };
      } catch (error) {
        client.removeListener('error', onError as (...args: never[]) => void);
        release(error as Error);
        throw error;
      }
    },
  };
}

function clientRunner(client: PgClientLike): QueryRunner {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    query: async <R>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(sql, [...params])) as { rows: R[] },
    transaction(fn) {
      const run = tail.then(() => inTransaction(client, fn));
      tail = run.catch(() => undefined);
      return run;
    },
    listen: (channel, onNotify) => listenOn(client, channel, onNotify),
  };
}

async function inTransaction<T>(client: PgClientLike, fn: (tx: TransactionRunner) => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await fn({
      query: async <R>(sql: string, params: readonly unknown[] = []) =>
        (await client.query(sql, [...params])) as { rows: R[] },
    });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function listenOn(
  client: PgClientLike,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  const listener = (message: { channel: string; payload?: string }) => {
    if (message.channel === channel) onNotify(message.payload ?? '');
  };
  client.on('notification', listener as (...args: never[]) => void);
  await client.query(`LISTEN ${quoteIdent(channel)}`);
  return async () => {
    client.removeListener('notification', listener as (...args: never[]) => void);
    await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
  };
}

/** A runner over a PGlite instance (`new PGlite({ extensions: { vector } })`). */
export function pgliteRunner(db: PGliteLike): QueryRunner {
  return {
    query: <R>(sql: string, params: readonly unknown[] = []) => db.query<R>(sql, [...params]),
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({ query: <R>(sql: string, params: readonly unknown[] = []) => tx.query<R>(sql, [...params]) }),
      ),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
  };
}

/** A double-quoted SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
