// Public API of @toolarsenal/toolindex-pg: export each name explicitly (no `export *` from internals).
export { openPgIndex, type PgIndexOptions, PgToolIndex } from './pg-index.js';
export {
  type HnswOptions,
  migrate,
  type MigrateOptions,
  type MigrateResult,
  SCHEMA_VERSION,
} from './schema.js';
export {
  type PgClientLike,
  type PGliteLike,
  type PgPoolLike,
  pgliteRunner,
  pgRunner,
  type QueryRunner,
  type TransactionRunner,
} from './query-runner.js';
export type { Database } from './connect.js';
export { PgSchemaError } from './errors.js';
