import {
  createHashingEmbedder,
  EmbedderMismatchError,
  IndexOptionsError,
  SnapshotError,
  type ToolChange,
} from '@toolarsenal/toolindex';
import { catalogue } from '@toolarsenal/toolindex-conformance';
import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it, vi } from 'vitest';
import { migrate, openPgIndex, PgSchemaError } from './index.js';
import { connect } from './connect.js';
import { sharedDatabase } from './test-fixtures/database.js';

const database = sharedDatabase();
const timeout = 120_000;

async function rows<T>(db: Parameters<typeof connect>[0]['db'], sql: string): Promise<T[]> {
  const { runner } = await connect({ db });
  return (await runner.query<T>(sql)).rows;
}

describe('replicas and writers', () => {
  it(
    'two writers upserting the same tools at once end with one copy and consistent statistics',
    { timeout },
    async () => {
      const { db, second, schema } = await database();
      const name = schema();
      const embedder = createHashingEmbedder(64);
      const a = await openPgIndex({ db, schema: name, embedder });
      const b = await openPgIndex({ db: second, schema: name, embedder });
      try {
        const tools = catalogue();
        const [ra, rb] = await Promise.all([a.upsert(tools), b.upsert(tools)]);
        expect(ra.added + rb.added).toBe(tools.length);
        expect(ra.unchanged + rb.unchanged).toBe(tools.length);
        expect(await a.count()).toBe(tools.length);
        const counted = await rows<{ n: number; keys: number }>(
          db,
          `SELECT count(*)::int AS n, count(DISTINCT id)::int AS keys FROM "${name}".tools`,
        );
        expect(counted[0]).toEqual({ n: tools.length, keys: tools.length });
        // Document frequencies equal what the postings say, and no posting is doubled.
        const df = await rows<{ bad: number }>(
          db,
          `SELECT count(*)::int AS bad FROM "${name}".terms t
         WHERE t.df <> (SELECT count(*) FROM "${name}".postings p WHERE p.term_id = t.id)`,
        );
        expect(df[0]!.bad).toBe(0);
        const doubled = await rows<{ n: number }>(
          db,
          `SELECT count(*)::int AS n FROM (SELECT term_id, tool_key FROM "${name}".postings GROUP BY 1, 2 HAVING count(*) > 1) d`,
        );
        expect(doubled[0]!.n).toBe(0);
        // Both replicas rank alike.
        const query = { query: 'refund the payment', limit: 3 };
        expect((await a.search(query)).hits.map((h) => h.id)).toEqual(
          (await b.search(query)).hits.map((h) => h.id),
        );
      } finally {
        await a.close();
        await b.close();
      }
    },
  );

  it(
    'a change made by one replica reaches the others: their next search and their listeners',
    { timeout },
    async () => {
      const { db, second, schema } = await database();
      const name = schema();
      const a = await openPgIndex({ db, schema: name });
      const b = await openPgIndex({ db: second, schema: name });
      try {
        const heard: ToolChange[] = [];
        b.onChange((c) => heard.push(c));
        await a.upsert(catalogue().slice(0, 3));
        expect((await b.search('refund the payment')).hits[0]?.id).toBe('payments:process_refund@1.0.0');
        await vi.waitFor(() => expect(heard).toHaveLength(3), { timeout: 10_000, interval: 20 });
        await a.remove('payments:process_refund@1.0.0');
        expect((await b.search('refund the payment')).hits.map((h) => h.id)).not.toContain(
          'payments:process_refund@1.0.0',
        );
        await vi.waitFor(
          () => expect(heard.at(-1)).toEqual({ type: 'remove', id: 'payments:process_refund@1.0.0' }),
          {
            timeout: 10_000,
            interval: 20,
          },
        );
      } finally {
        await a.close();
        await b.close();
      }
    },
  );

  it(
    'keeps statistics in step with writes: term frequencies fall back to zero after removal',
    { timeout },
    async () => {
      const { db, schema } = await database();
      const name = schema();
      const index = await openPgIndex({ db, schema: name });
      try {
        const tools = catalogue();
        await index.upsert(tools);
        await index.remove(tools.map((t) => t.id));
        const left = await rows<{ df: number; docs: number }>(
          db,
          `SELECT (SELECT coalesce(sum(df), 0)::int FROM "${name}".terms) AS df, (SELECT doc_count FROM "${name}".state) AS docs`,
        );
        expect(left[0]).toEqual({ df: 0, docs: 0 });
        expect((await index.search('refund')).hits).toEqual([]);
      } finally {
        await index.close();
      }
    },
  );
});

describe('snapshot checks and schema', () => {
  it(
    'refuses another embedder, and writes without the embedder; reads without it still work',
    { timeout },
    async () => {
      const { db, schema } = await database();
      const name = schema();
      const first = await openPgIndex({ db, schema: name, embedder: createHashingEmbedder(64) });
      await first.upsert(catalogue().slice(0, 3));
      await first.close();
      const other = { ...createHashingEmbedder(64), id: 'someone-else@64' };
      await expect(openPgIndex({ db, schema: name, embedder: other })).rejects.toSatisfy(
        EmbedderMismatchError.isInstance,
      );
      await expect(openPgIndex({ db, schema: name, embedder: createHashingEmbedder(32) })).rejects.toSatisfy(
        PgSchemaError.isInstance,
      );
      const reader = await openPgIndex({ db, schema: name });
      try {
        expect((await reader.search('refund the payment')).hits[0]?.id).toBe('payments:process_refund@1.0.0');
        await expect(reader.upsert(catalogue()[4]!)).rejects.toSatisfy(IndexOptionsError.isInstance);
      } finally {
        await reader.close();
      }
    },
  );

  it(
    "takes the defaults of the schema's kind (with vectors: hybrid's, also for a reader without the embedder); set options win",
    { timeout },
    async () => {
      const { db, schema } = await database();
      const lexical = schema();
      const hybrid = schema();
      const embedder = createHashingEmbedder(64);
      const stored = async (name: string) =>
        JSON.parse(
          (await rows<{ value: string }>(db, `SELECT value FROM "${name}".meta WHERE key = 'bm25'`))[0]!
            .value,
        ) as { lengthPivot: string };
      const a = await openPgIndex({ db, schema: lexical });
      const b = await openPgIndex({ db, schema: hybrid, embedder });
      try {
        expect([a.bm25.lengthPivot, b.bm25.lengthPivot]).toEqual(['mean', 'geometric']);
        await a.upsert(catalogue().slice(0, 3));
        await b.upsert(catalogue().slice(0, 3));
        expect((await stored(lexical)).lengthPivot).toBe('mean');
        expect((await stored(hybrid)).lengthPivot).toBe('geometric');
      } finally {
        await a.close();
        await b.close();
      }
      const reader = await openPgIndex({ db, schema: hybrid });
      expect(reader.bm25.lengthPivot).toBe('geometric');
      await reader.close();
      // A pivot that is set is the one used: refused where the postings were weighed with the other.
      await expect(openPgIndex({ db, schema: hybrid, bm25: { lengthPivot: 'mean' } })).rejects.toSatisfy(
        PgSchemaError.isInstance,
      );
      await expect(
        openPgIndex({ db, schema: lexical, bm25: { lengthPivot: 'geometric' } }),
      ).rejects.toSatisfy(PgSchemaError.isInstance);
      const custom = schema();
      const c = await openPgIndex({ db, schema: custom, embedder, bm25: { lengthPivot: 'mean' } });
      expect(c.bm25.lengthPivot).toBe('mean');
      await c.upsert(catalogue().slice(0, 1));
      await c.close();
      expect((await stored(custom)).lengthPivot).toBe('mean');
    },
  );

  it(
    'refuses an unmigrated schema with migrate: never, a newer schema, other BM25 options, a lexical schema with an embedder',
    { timeout },
    async () => {
      const { db, schema } = await database();
      const fresh = schema();
      await expect(openPgIndex({ db, schema: fresh, migrate: 'never' })).rejects.toSatisfy(
        PgSchemaError.isInstance,
      );
      expect(await migrate(db, { schema: fresh })).toEqual({ schema: fresh, from: 0, to: 1 });
      expect(await migrate(db, { schema: fresh })).toEqual({ schema: fresh, from: 1, to: 1 });
      await expect(openPgIndex({ db, schema: fresh, embedder: createHashingEmbedder(16) })).rejects.toSatisfy(
        PgSchemaError.isInstance,
      );
      const index = await openPgIndex({ db, schema: fresh, migrate: 'never' });
      await index.upsert(catalogue().slice(0, 2));
      await index.close();
      await expect(openPgIndex({ db, schema: fresh, bm25: { k1: 2 } })).rejects.toSatisfy(
        PgSchemaError.isInstance,
      );
      const { runner } = await connect({ db });
      await runner.query(`UPDATE "${fresh}".meta SET value = '99' WHERE key = 'schema_version'`);
      await expect(openPgIndex({ db, schema: fresh })).rejects.toSatisfy(PgSchemaError.isInstance);
      await expect(migrate(db, { schema: fresh })).rejects.toSatisfy(PgSchemaError.isInstance);
    },
  );

  it(
    'concurrent migrations of one schema create it once; a second embedder size is refused',
    { timeout },
    async () => {
      const { db, second, schema } = await database();
      const name = schema();
      const results = await Promise.all([
        migrate(db, { schema: name, dimensions: 32 }),
        migrate(second, { schema: name, dimensions: 32 }),
      ]);
      expect(results.map((r) => r.from).sort()).toEqual([0, 1]);
      expect(results.every((r) => r.to === 1 && r.schema === name)).toBe(true);
      const meta = await rows<{ key: string; value: string }>(
        db,
        `SELECT key, value FROM "${name}".meta ORDER BY key`,
      );
      expect(meta).toEqual([
        { key: 'dimensions', value: '32' },
        { key: 'schema_version', value: '1' },
      ]);
      const hnsw = await rows<{ n: number }>(
        db,
        `SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = '${name}' AND indexname = 'tools_embedding'`,
      );
      expect(hnsw[0]!.n).toBe(1);
      await expect(migrate(db, { schema: name, dimensions: 64 })).rejects.toThrow(
        /stores 32-d vectors, not 64-d/,
      );
      const index = await openPgIndex({
        db,
        schema: name,
        embedder: createHashingEmbedder(32),
        migrate: 'never',
      });
      try {
        expect(await index.upsert(catalogue())).toMatchObject({ added: catalogue().length });
        expect((await index.search('refund the payment')).hits[0]?.id).toBe('payments:process_refund@1.0.0');
      } finally {
        await index.close();
      }
    },
  );

  it('reports damaged rows as SnapshotError naming the row', { timeout }, async () => {
    const { db, schema } = await database();
    const name = schema();
    const index = await openPgIndex({ db, schema: name, embedder: createHashingEmbedder(64) });
    try {
      await index.upsert(catalogue());
      const { runner } = await connect({ db });
      await runner.query(
        `UPDATE "${name}".tools SET tool = '{"name": "process_refund"' WHERE name = 'process_refund'`,
      );
      await expect(index.get('payments:process_refund@1.0.0')).rejects.toThrow(
        /process_refund.*not a valid tool/,
      );
      await expect(index.search('refund the payment')).rejects.toSatisfy(SnapshotError.isInstance);
      // Replicas cache checked rows by row version: damage written behind the index's back shows once the row's
      // version moves (as any write through an index makes it).
      await runner.query(
        `UPDATE "${name}".tools SET terms = '{5,3}', version = version + 1 WHERE name = 'send_email' AND namespace = 'mail'`,
      );
      await expect(
        index.search({ query: 'send an email message', filters: { namespaces: ['mail'] } }),
      ).rejects.toThrow(/mail:send_email.*malformed term statistics/);
      await runner.query(`UPDATE "${name}".tools SET content_hash = 'sha256:0' WHERE name = 'read_file'`);
      await expect(index.get('files:read_file@1.0.0')).rejects.toSatisfy(SnapshotError.isInstance);
    } finally {
      await index.close();
    }
  });

  it('refuses bad options with typed errors naming them', { timeout }, async () => {
    const { db, schema } = await database();
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ db, schema: 'Robert"); DROP TABLE x;--' }, /schema must be/],
      [{ db, schema: schema(), postingDepth: 0 }, /postingDepth/],
      [{ db, schema: schema(), migrate: 'sometimes' }, /migrate/],
      [{ db, schema: schema(), hnsw: { m: 1 } }, /hnsw.m/],
      [{ db, schema: schema(), weights: { nope: 1 } }, /unknown option "nope"/],
      [{ schema: schema() }, /either db/],
      [{ db: {}, schema: schema() }, /db must be/],
      [{ db, connectionString: 'postgres://x', schema: schema() }, /either db/],
    ];
    for (const [options, message] of bad) {
      const error = await openPgIndex(options as never).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(IndexOptionsError.isInstance(error), String(error)).toBe(true);
      expect(String(error)).toMatch(message);
    }
  });

  it(
    'migrate refuses bad schema names, dimensions and HNSW parameters before touching the database',
    { timeout },
    async () => {
      const { db } = await database();
      for (const options of [
        { schema: 'public; DROP TABLE x' },
        { schema: 'UPPER' },
        { schema: 'ok', dimensions: 0 },
        { schema: 'ok', dimensions: 1.5 },
        { schema: 'ok', hnsw: { efConstruction: 1 } },
      ]) {
        await expect(migrate(db, options as never)).rejects.toSatisfy(IndexOptionsError.isInstance);
      }
      await expect(migrate({} as never)).rejects.toSatisfy(IndexOptionsError.isInstance);
    },
  );

  it(
    'stores hostile strings (NUL, quotes, huge text) without breaking writes or search',
    { timeout },
    async () => {
      const { db, schema } = await database();
      const index = await openPgIndex({ db, schema: schema() });
      try {
        const hostile = defineTool({
          name: 'odd_tool',
          namespace: 'evil',
          description: `Drop table'); -- \u0000 refund ${'x'.repeat(20_000)}`,
          tags: ['a\u0000b', "'; DROP SCHEMA public; --"],
          category: 'c\u0000',
        });
        expect(await index.upsert(hostile)).toEqual({ added: 1, updated: 0, unchanged: 0 });
        expect((await index.get(hostile.id))?.description).toBe(hostile.description);
        const found = await index.search({ query: 'refund', filters: { tags: { any: ['a\u0000b'] } } });
        expect(found.hits.map((h) => h.id)).toEqual([hostile.id]);
      } finally {
        await index.close();
      }
    },
  );
});
