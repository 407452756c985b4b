import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { SnapshotError } from '@toolarsenal/toolindex';
import { PgSchemaError } from '@toolarsenal/toolindex-pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DroppingServer, startDroppingServer } from '../../net/src/test-fixtures/dropping-server.js';
import { missingPackage, scrubbed } from './index-backend.js';
import {
  type Arsenal,
  ArsenalConfigError,
  ArsenalError,
  createArsenal,
  maskSecrets,
  migrateConfiguredIndex,
  parseConfig,
  printConfig,
} from './index.js';

const fixtures = fileURLToPath(new URL('./test-fixtures/', import.meta.url));
const SECRET = 'hunter2-s3cret';

let db: PGlite;
let schemas = 0;
const open: Arsenal[] = [];
// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
beforeAll(async () => {
  db = await PGlite.create();
}, 60_000);
afterAll(async () => {
  await db.close();
});
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close({ graceMs: 0 });
});

function arsenalOf(yaml: string, options: Parameters<typeof createArsenal>[1] = {}): Arsenal {
  const arsenal = createArsenal(parseConfig(yaml, { dir: fixtures, env: {} }), options);
  open.push(arsenal);
  return arsenal;
}

const FILE_SOURCE = `
sources:
  - name: wiki
    file: openai-tools.json
`;

async function storedIds(schema: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM ${schema}.tools ORDER BY id`);
  return rows.map((r) => r.id);
}

describe('index.backend: postgres (PGlite given in code)', () => {
  it('stores the pool in Postgres, searches it there and follows source changes', async () => {
    const schema = `arsenal_${schemas++}`;
    const arsenal = arsenalOf(`${FILE_SOURCE}index: { backend: postgres, schema: ${schema} }\n`, {
      indexDb: db,
    });
    await arsenal.ready();
    const ids = arsenal.tools().map((t) => t.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(await storedIds(schema)).toEqual([...ids].sort());
    const first = arsenal.tools()[0]!;
    const result = await arsenal.search(first.description, { limit: 3 });
    expect(result.hits.map((h) => h.id)).toContain(first.id);

    await arsenal.removeSource('wiki');
    await arsenal.search('anything');
    expect(await storedIds(schema)).toEqual([]);
  });

  it('a replica with another config never returns tools it does not serve', async () => {
    const schema = `arsenal_${schemas++}`;
    const a = arsenalOf(`${FILE_SOURCE}index: { backend: postgres, schema: ${schema} }\n`, { indexDb: db });
    await a.ready();
    const b = arsenalOf(`index: { backend: postgres, schema: ${schema} }\n`, { indexDb: db });
    await b.ready();
    const query = a.tools()[0]!.description;
    expect((await a.search(query)).hits.length).toBeGreaterThan(0);
    expect((await b.search(query)).hits).toEqual([]);
  });

  it('migrate: manual refuses an unmigrated schema until migrateConfiguredIndex ran, which is idempotent', async () => {
    const schema = `arsenal_${schemas++}`;
    const yaml = `${FILE_SOURCE}index: { backend: postgres, schema: ${schema}, migrate: manual }\n`;
    const refused = arsenalOf(yaml, { indexDb: db });
    const error = await refused.ready().catch((e: unknown) => e);
    expect(PgSchemaError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/run migrate\(\) first/);

    const config = parseConfig(yaml, { dir: fixtures, env: {} }).index;
    expect(await migrateConfiguredIndex(config, { db })).toEqual({ schema, from: 0, to: 1 });
    expect(await migrateConfiguredIndex(config, { db })).toEqual({ schema, from: 1, to: 1 });
    const arsenal = arsenalOf(yaml, { indexDb: db });
    await arsenal.ready();
    expect((await storedIds(schema)).length).toBe(arsenal.tools().length);
  });

  it('migrateConfiguredIndex refuses a memory index and a postgres index without a URL or database', async () => {
    await expect(migrateConfiguredIndex({})).rejects.toThrow(/nothing to migrate/);
    await expect(migrateConfiguredIndex({ backend: 'postgres' })).rejects.toThrow(/index\.url is not set/);
  });

  it('without a URL or a database, createArsenal says what is missing', () => {
    expect(() => createArsenal(parseConfig('index: { backend: postgres }', { env: {} }))).toThrow(
      /needs index\.url .*or a database passed in code/,
    );
  });
});

describe('index.backend: postgres over a URL', () => {
  let server: DroppingServer;
  let port: number;
  beforeAll(async () => {
    // A port that accepts and drops every connection: the pg client fails after connecting.
    server = await startDroppingServer();
    port = server.port;
  });
  afterAll(() => server.close());

  it('an unreachable database fails ready() and a search, and no message holds the password', async () => {
    const problems: string[] = [];
    const arsenal = arsenalOf(
      `${FILE_SOURCE}index: { backend: postgres, url: "postgres://admin:${SECRET}@127.0.0.1:${port}/tools" }\n`,
    );
    arsenal.on('problem', (p) => problems.push(p.message));
    const error = await arsenal.ready().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).not.toContain(SECRET);
    await expect(arsenal.search('x')).rejects.toThrow();
    expect(problems.join('\n')).not.toContain(SECRET);
  });

  it('the URL comes from ${TOOLARSENAL_PG_URL} and is masked as a whole when printed', () => {
    const url = `postgresql://admin:${SECRET}@db.internal:5432/tools?sslpassword=${SECRET}`;
    const config = parseConfig('index: { backend: postgres, url: "${TOOLARSENAL_PG_URL}" }', {
      env: { TOOLARSENAL_PG_URL: url },
    });
    expect(config.index.url).toBe(url);
    const printed = printConfig(config);
    expect(printed).not.toContain(SECRET);
    expect(printed).not.toContain('db.internal');
    expect(printed).toMatch(/url: "?\*{8}"?/);
    expect(JSON.stringify(maskSecrets({ index: { url } }))).not.toContain(SECRET);
  });

  it('scrubbed() takes the URL and its password out of an error message', () => {
    const url = `postgres://admin:${encodeURIComponent('p@ss/word')}@h/db`;
    const error = scrubbed(new Error(`cannot parse ${url} (password p@ss/word)`), url) as Error;
    expect(ArsenalError.isInstance(error)).toBe(true);
    expect(error.message).not.toContain('p@ss');
    const plain = new Error('connect ECONNREFUSED');
    expect(scrubbed(plain, url)).toBe(plain);
  });
});

describe('index.snapshot (memory)', () => {
  it('is written on close and loaded by the next start; a damaged one fails ready() with SnapshotError', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arsenal-snapshot-'));
    try {
      const config = (extra = '') =>
        parseConfig(`${FILE_SOURCE}${extra}index: { snapshot: state/index.json }\n`, {
          dir: fixtures,
          env: {},
        });
      const withDir = (c: ReturnType<typeof config>) => ({
        ...c,
        index: { snapshot: join(dir, 'state/index.json') },
      });
      const first = createArsenal(withDir(config()));
      await first.ready();
      const ids = first.tools().map((t) => t.id);
      await first.close({ graceMs: 0 });
      const saved = JSON.parse(readFileSync(join(dir, 'state/index.json'), 'utf8')) as { body: string };
      const stored = (JSON.parse(saved.body) as { tools: { tool: { id: string } }[] }).tools.map(
        (t) => t.tool.id,
      );
      expect(stored.sort()).toEqual([...ids].sort());

      // Loaded before any source runs: the snapshot's tools are in the index (searches still serve only the pool's).
      const second = createArsenal(withDir(parseConfig('sources: []', { env: {} })));
      open.push(second);
      await second.ready();
      expect((await second.index.get(ids[0]!))?.id).toBe(ids[0]);
      expect((await second.search(first.tools()[0]!.description)).hits).toEqual([]);

      writeFileSync(join(dir, 'state/index.json'), '{"checksum":"x","body":"{}"}');
      const damaged = createArsenal(withDir(config()));
      open.push(damaged);
      const error = await damaged.ready().catch((e: unknown) => e);
      expect(SnapshotError.isInstance(error)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('index config: hostile and wrong input', () => {
  const invalid = (yaml: string, env: Record<string, string> = {}) => {
    try {
      parseConfig(yaml, { env });
    } catch (error) {
      expect(ArsenalConfigError.isInstance(error)).toBe(true);
      return (error as ArsenalConfigError).issues.map((i) => `${i.pointer}: ${i.message}`).join('\n');
    }
    throw new Error('expected a config error');
  };

  it('names the key for each mistake', () => {
    expect(invalid('index: { backend: oracle }')).toMatch(/^\/index\/backend: /);
    expect(invalid(`index: { backend: postgres, url: "mysql://u:${SECRET}@h/db" }`)).toMatch(
      /\/index\/url: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expect(invalid('index: { url: "postgres://h/db" }')).toMatch(
      /\/index\/url: "url" is for backend "postgres"/,
    );
    expect(invalid('index: { backend: postgres, url: "postgres://h/d", snapshot: x.json }')).toMatch(
      /\/index\/snapshot: "snapshot" is for backend "memory"/,
    );
    expect(invalid('index: { backend: postgres, url: "postgres://h/d", migrate: always }')).toMatch(
      /\/index\/migrate/,
    );
    expect(invalid('index: { backend: postgres, url: "postgres://h/d", postingDepth: 5 }')).toMatch(
      /\/index\/postingDepth/,
    );
    expect(invalid('index: { backend: postgres, url: "postgres://h/d", tablePrefix: x }')).toMatch(
      /\/index\/tablePrefix: unknown field/,
    );
  });

  it('schema names cannot carry SQL, and a bad URL is not echoed into the error', () => {
    for (const schema of ['"x; DROP TABLE tools"', 'Public', '"a.b"', `"${'a'.repeat(42)}"`])
      expect(invalid(`index: { backend: postgres, url: "postgres://h/d", schema: ${schema} }`)).toMatch(
        /\/index\/schema: must be a lower-case identifier/,
      );
    const message = invalid('index: { backend: postgres, url: "${PG}" }', { PG: `mysql://u:${SECRET}@h` });
    expect(message).not.toContain(SECRET);
  });

  it('refuses an oversized URL and one with a line break or space', () => {
    expect(invalid('index: { backend: postgres, url: "postgres://h/d\\nSET x" }')).toMatch(/\/index\/url/);
    expect(invalid('index: { backend: postgres, url: "postgres://h/d other" }')).toMatch(/\/index\/url/);
    expect(invalid(`index: { backend: postgres, url: "postgres://${'a'.repeat(5000)}" }`)).toMatch(
      /\/index\/url/,
    );
  });
});

describe('missing optional packages', () => {
  it('a missing @toolarsenal/toolindex-pg or pg becomes ARSENAL_INDEX_BACKEND_MISSING naming what to install', () => {
    const notFound = (name: string) =>
      Object.assign(new Error(`Cannot find package '${name}' imported from /app/node_modules/x/dist/y.js`), {
        code: 'ERR_MODULE_NOT_FOUND',
      });
    for (const name of ['@toolarsenal/toolindex-pg', 'pg']) {
      const error = missingPackage(notFound(name));
      expect(error?.code).toBe('ARSENAL_INDEX_BACKEND_MISSING');
      expect(error?.message).toContain('npm install @toolarsenal/toolindex-pg pg');
      expect(error?.message).toContain(`${name} is not installed`);
    }
    expect(missingPackage(notFound('yaml'))).toBeUndefined();
    expect(missingPackage(new Error('boom'))).toBeUndefined();
  });
});
