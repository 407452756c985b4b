// The ranking/storage seam, for index backends (Postgres, Vectra, your own): a backend finds candidates and keeps
// corpus statistics; `runSearch` does everything else, the same for every backend. Not needed to use an index.
export {
  type CandidatePool,
  type QueryStatistics,
  queryTerms,
  type RankingConfig,
  type RetrievalBackend,
  type RetrievalRequest,
  runSearch,
  unitVectors,
} from './search-engine.js';
export type { Entry } from './entry.js';
export { buildDocTerms, type DocTerms, FIELD_COUNT } from './lexical/doc-terms.js';
export { Vocabulary } from './lexical/vocabulary.js';
export { CharGramModel } from './lexical/char-grams.js';
export type { TermStatistics } from './lexical/term-statistics.js';
export { type CorpusStatistics, PoolScorer } from './lexical/pool-scoring.js';
export {
  idf,
  type LexicalScores,
  lengthPivot,
  logLength,
  type QueryTerm,
  weightedLength,
} from './lexical/bm25.js';
export { poolVectorScores, type VectorScores } from './search-request.js';
export { FIELDS, textHash, toolEmbeddingText, toolFields } from './tool-text.js';
export {
  type IndexKind,
  type Morphology,
  morphologyIn,
  resolveIndexOptions,
  type ResolvedOptions,
} from './index-options.js';
export {
  checkId,
  checkListener,
  checkListOptions,
  describe,
  encodeCursor,
  toIds,
  toTools,
} from './index-input.js';
export { compileFilters } from './filters.js';
export { signalValue } from './search.js';
export { TOKENIZER_VERSION } from './snapshot.js';
export { Emitter } from './events.js';
export { restoreVector, storedVector } from './stored-vectors.js';
