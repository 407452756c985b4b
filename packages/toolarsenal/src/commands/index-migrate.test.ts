import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, scratch } from '../test-fixtures/cli-kit.js';

// `toolarsenal index migrate`: usage errors (exit 2), a database that fails (exit 1) without the URL's password
// in the output. The migration itself is tested on PGlite in @toolarsenal/arsenal (migrateConfiguredIndex).

const SECRET = 'hunter2-s3cret';
let server: Server;
let port: number;
beforeAll(async () => {
  // Accepts and drops every connection: a database that cannot be used.
  server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

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
