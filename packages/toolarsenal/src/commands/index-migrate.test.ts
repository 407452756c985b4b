import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { vector } from '@electric-sql/pglite/vector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DroppingServer, startDroppingServer } from '../../../net/src/test-fixtures/dropping-server.js';
import { run, scratch } from '../test-fixtures/cli-kit.js';

// `toolarsenal index migrate`: usage errors (exit 2), a database that fails (exit 1) without the URL's password
// in the output, and the migration itself over a real `pg` connection to PGlite served on 127.0.0.1.

const SECRET = 'hunter2-s3cret';
let server: DroppingServer;
let port: number;
beforeAll(async () => {
  // Accepts and drops every connection: a database that cannot be used.
  server = await startDroppingServer();
  port = server.port;
});
afterAll(() => server.close());

describe('toolarsenal index migrate', () => {
  it('a config whose index is in memory has nothing to migrate (exit 2)', async () => {
    const files = scratch();
    const config = files.write('toolarsenal.yaml', 'index: { backend: memory }\n');
    const result = await run(['index', 'migrate', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/index\.backend is not "postgres"/);
  });

  it('an invalid index section is a usage error naming the key (exit 2)', async () => {
    const files = scratch();
    const config = files.write('toolarsenal.yaml', 'index: { backend: postgres, url: "mysql://h/db" }\n');
    const result = await run(['index', 'migrate', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/\/index\/url: must be a postgres:\/\//);
  });

  it('refuses bad --url, --schema, and --url with --config (exit 2)', async () => {
    expect((await run(['index', 'migrate', '--url', 'http://h/db'])).stderr).toMatch(
      /--url must be a postgres/,
    );
    const bad = await run(['index', 'migrate', '--url', 'postgres://h/db', '--schema', 'x; DROP TABLE t']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--schema must be a lower-case identifier/);
    const both = await run(['index', 'migrate', '--url', 'postgres://h/db', '--config', 'x.yaml']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/not both/);
  });

  it('a database that fails is exit 1, and neither output holds the password', async () => {
    const url = `postgres://admin:${SECRET}@127.0.0.1:${port}/tools`;
    const byUrl = await run(['index', 'migrate', '--url', url]);
    expect(byUrl.code).toBe(1);
    expect(byUrl.stderr).toMatch(/^toolarsenal: index migrate: /);
    expect(byUrl.stdout + byUrl.stderr).not.toContain(SECRET);

    const files = scratch();
    const config = files.write(
      'toolarsenal.yaml',
      `index: { backend: postgres, url: "${url}", schema: tools_v1 }\n`,
    );
    const byConfig = await run(['index', 'migrate', '--config', config, '--json']);
    expect(byConfig.code).toBe(1);
    expect(byConfig.stdout).toBe('');
    expect(byConfig.stdout + byConfig.stderr).not.toContain(SECRET);
  });

  it('config print masks the index URL as a whole', async () => {
    const files = scratch();
    const config = files.write(
      'toolarsenal.yaml',
      `index: { backend: postgres, url: "postgres://admin:${SECRET}@db.internal/tools" }\n`,
    );
    const result = await run(['config', 'print', '--config', config]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/backend: postgres/);
    expect(result.stdout).not.toContain(SECRET);
    expect(result.stdout).not.toContain('db.internal');
  });
});

describe('toolarsenal index migrate against a database (PGlite over the Postgres wire protocol)', () => {
  let db: PGlite;
  let pgServer: PGLiteSocketServer;
  let url: string;
  beforeAll(async () => {
    db = await PGlite.create({ extensions: { vector } });
    pgServer = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 4 });
    await pgServer.start();
    url = `postgres://postgres:${SECRET}@${pgServer.getServerConn()}/postgres`;
  }, 60_000); // PGlite's WebAssembly start
  afterAll(async () => {
    await pgServer.stop();
    await db.close();
  });

  it('creates the tables once (exit 0), then reports the schema current, by --url and by config', async () => {
    const first = await run(['index', 'migrate', '--url', url, '--schema', 'cli_index']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('cli_index: created the index tables at schema version 1\n');
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'cli_index' ORDER BY table_name`,
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['postings', 'state', 'tools']),
    );

    const files = scratch();
    const config = files.write(
      'toolarsenal.yaml',
      `index: { backend: postgres, url: "${url}", schema: cli_index, migrate: manual }\n`,
    );
    const again = await run(['index', 'migrate', '--config', config, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ schema: 'cli_index', from: 1, to: 1, changed: false });
    expect(again.stdout + again.stderr).not.toContain(SECRET);
  }, 60_000);
});
