import { markError, subclassGuard, ToolArsenalError } from '@toolarsenal/toolmodel';

const SCHEMA_ERROR = 'toolarsenal.error.toolindex-pg.schema';

/**
 * The database schema cannot be used as it is: not migrated yet (and `migrate: 'never'`), migrated by a newer
 * release of this package, tokenised by another tokenizer version, or made with other vector dimensions or BM25
 * weights than the index is opened with.
 */
export class PgSchemaError extends ToolArsenalError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('TOOLINDEX_PG_SCHEMA', message, options);
    this.name = 'PgSchemaError';
    markError(this, SCHEMA_ERROR);
  }
  static override isInstance = subclassGuard<PgSchemaError>(SCHEMA_ERROR);
}
