// Private (never published): what the agent toolkits' tests and benches share.
export { answer, catalogRunner, loadCatalog, PETSTORE_PATH, type RecordedCall } from './catalog.js';
export { errorCode } from './error-code.js';
export { hasMcpCorpus, loadMcpCorpus, MCP_CORPUS_PATH, scaleTools } from './mcp-corpus.js';
export { type ReadmeExample, readmeExample } from './readme-example.js';
export { SAME_NAME_TOOLS, searchRunner } from './same-name.js';
export { weatherTool } from './tools.js';
export { BENCH_PRELUDE, BENCH_REQUESTS } from './bench/requests.js';
export {
  runSelectionBench,
  SELECTION_GOALS,
  type SelectionBenchOptions,
  type SelectionRow,
  type SelectionSubject,
} from './bench/selection-bench.js';
export { median, quantile } from './bench/stats.js';
export { jsonTokens } from './bench/tokens.js';
