import { createIndex } from '@toolarsenal/toolindex';
import { describeRetrievalSuite } from './suite.js';

// The reference backend: the in-memory index passes its own suite (the others are compared with it).
describeRetrievalSuite('memory', async (options) => ({
  index: createIndex(options),
  close: async () => undefined,
}));
