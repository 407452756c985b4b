import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import pg from 'pg';
import { afterAll } from 'vitest';
import type { Database } from '../connect.js';

/**
 * The database the tests run on: PGlite (real Postgres + pgvector in WebAssembly) by default, or the server at
 * TOOLARSENAL_PG_URL (any Postgres ≥ 15 with the vector extension available). Each test takes a fresh schema;
 * on a server they are dropped at the end.
 */
export interface TestDatabase {
  kind: 'pglite' | 'server';
  db: Database;
  /** A second, independent connection (a second process's): a second pool on a server, the same PGlite. */
  second: Database;
  schema(): string;
  drop(): Promise<void>;
}

let counter = 0;
const tag = `${process.pid}_${Date.now().toString(36)}`;

export async function testDatabase(): Promise<TestDatabase> {
  const url = process.env.TOOLARSENAL_PG_URL;
  const schemas: string[] = [];
  const schema = () => {
    const name = `t_${tag}_${counter++}`;
    schemas.push(name);
    return name;
  };
  if (url) {
    const first = new pg.Pool({ connectionString: url, max: 4 });
    const second = new pg.Pool({ connectionString: url, max: 4 });
    const drop = async () => {
      for (const s of schemas.splice(0)) await first.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
      await Promise.all([first.end(), second.end()]);
    };
    return { kind: 'server', db: first, second, schema, drop };
  }
  const db = await PGlite.create({ extensions: { vector } });
  return { kind: 'pglite', db, second: db, schema, drop: () => db.close() };
}

/** One database per test file, closed after it. */
export function sharedDatabase(): () => Promise<TestDatabase> {
  let database: Promise<TestDatabase> | undefined;
  afterAll(async () => {
    if (database) await (await database).drop();
  });
  return () => (database ??= testDatabase());
}
