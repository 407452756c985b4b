import type { PGlite } from '@electric-sql/pglite';
import type { DevSet, Metrics } from '../../toolindex/bench/datasets.js';
import { queryMetrics } from '../../toolindex/bench/datasets.js';
import { toolFields } from '@toolarsenal/toolindex/backend';

/**
 * Postgres full-text search as the lexical ranker, for comparison with BM25: the four fields weighted A (name),
 * B (description), C (parameters), D (tags) in an `english` tsvector, the request's lexemes OR-ed, ranked by
 * `ts_rank` with length normalisation 1 (divide by 1 + log(length)). No signals on top, like plain BM25.
 */
export async function ftsRanking(db: PGlite, schema: string, set: DevSet): Promise<Metrics[]> {
  await db.exec(
    `CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.fts (id text PRIMARY KEY, tsv tsvector NOT NULL)`,
  );
  const rows = set.tools.map((t) => ({ id: t.id, ...toolFields(t) }));
  await db.query(
    `INSERT INTO ${schema}.fts (id, tsv)
     SELECT r.id, setweight(to_tsvector('english', r.name), 'A') || setweight(to_tsvector('english', r.description), 'B')
       || setweight(to_tsvector('english', r.parameters), 'C') || setweight(to_tsvector('english', r.tags), 'D')
     FROM jsonb_to_recordset($1::jsonb) AS r(id text, name text, description text, parameters text, tags text)`,
    [JSON.stringify(rows)],
  );
  await db.exec(`CREATE INDEX ON ${schema}.fts USING gin (tsv)`);
  const out: Metrics[] = [];
  for (const q of set.queries) {
    const { rows: hits } = await db.query<{ id: string }>(
      `WITH q AS (
         SELECT to_tsquery('english', string_agg(quote_literal(lexeme), ' | ')) AS query
         FROM unnest(to_tsvector('english', $1)))
       SELECT f.id FROM ${schema}.fts f, q WHERE q.query IS NOT NULL AND f.tsv @@ q.query
       ORDER BY ts_rank(f.tsv, q.query, 1) DESC, f.id LIMIT 10`,
      [q.query],
    );
    out.push(
      queryMetrics(
        hits.map((h) => set.benchmarkId.get(h.id)!),
        q.goldGroups,
      ),
    );
  }
  return out;
}
