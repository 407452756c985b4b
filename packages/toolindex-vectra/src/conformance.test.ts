import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRetrievalSuite } from '@toolarsenal/toolindex-conformance';
import { openVectraIndex } from './index.js';

describeRetrievalSuite('Vectra folder', async (options) => {
  const root = await mkdtemp(join(tmpdir(), 'toolindex-vectra-'));
  const index = await openVectraIndex({ folder: join(root, 'index'), ...options });
  return { index, close: () => rm(root, { recursive: true, force: true }) };
});
