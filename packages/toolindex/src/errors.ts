import { markError, subclassGuard, ToolArsenalError } from '@toolarsenal/toolmodel';

const QUERY_ERROR = 'toolarsenal.error.toolindex.query';
const SNAPSHOT_ERROR = 'toolarsenal.error.toolindex.snapshot';
const EMBEDDER_MISMATCH = 'toolarsenal.error.toolindex.embedder-mismatch';
const INDEX_OPTIONS_ERROR = 'toolarsenal.error.toolindex.options';

/** A search request that cannot be served: empty or oversized query, bad limit, unknown mode. */
export class QueryError extends ToolArsenalError {
  constructor(message: string) {
    super('TOOLINDEX_INVALID_QUERY', message);
    this.name = 'QueryError';
    markError(this, QUERY_ERROR);
  }
  static override isInstance = subclassGuard<QueryError>(QUERY_ERROR);
}

/** A snapshot that is not a toolindex snapshot, is truncated, or fails its checksum. */
export class SnapshotError extends ToolArsenalError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('TOOLINDEX_SNAPSHOT_CORRUPT', message, options);
    this.name = 'SnapshotError';
    markError(this, SNAPSHOT_ERROR);
  }
  static override isInstance = subclassGuard<SnapshotError>(SNAPSHOT_ERROR);
}

/** A snapshot whose vectors were made by another embedder than the one supplied on load. */
export class EmbedderMismatchError extends ToolArsenalError {
  readonly snapshotEmbedderId: string;
  readonly embedderId: string;
  constructor(snapshotEmbedderId: string, embedderId: string) {
    super(
      'TOOLINDEX_EMBEDDER_MISMATCH',
      `Snapshot vectors were made by embedder ${JSON.stringify(snapshotEmbedderId)}, but the index was ` +
        `loaded with ${JSON.stringify(embedderId)}; vectors from different embedders are not comparable. ` +
        'Load with the original embedder, or rebuild the index from its tools.',
    );
    this.name = 'EmbedderMismatchError';
    this.snapshotEmbedderId = snapshotEmbedderId;
    this.embedderId = embedderId;
    markError(this, EMBEDDER_MISMATCH);
  }
  static override isInstance = subclassGuard<EmbedderMismatchError>(EMBEDDER_MISMATCH);
}

/** Invalid `createIndex` options or index operation arguments. */
export class IndexOptionsError extends ToolArsenalError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('TOOLINDEX_INVALID_OPTIONS', message, options);
    this.name = 'IndexOptionsError';
    markError(this, INDEX_OPTIONS_ERROR);
  }
  static override isInstance = subclassGuard<IndexOptionsError>(INDEX_OPTIONS_ERROR);
}
