// The shared retrieval suite for toolindex backends (private; used by their tests).
export { catalogue, REQUESTS } from './catalogue.js';
export { describeRetrievalSuite, type OpenBackend, type OpenedBackend, type SuiteOptions } from './suite.js';
