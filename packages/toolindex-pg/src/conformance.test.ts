import { describeRetrievalSuite } from '@toolarsenal/toolindex-conformance';
import { openPgIndex } from './index.js';
import { sharedDatabase } from './test-fixtures/database.js';

const database = sharedDatabase();

describeRetrievalSuite(
  process.env.TOOLARSENAL_PG_URL ? 'Postgres server' : 'Postgres (PGlite)',
  async (options) => {
    const { db, schema } = await database();
    const index = await openPgIndex({ db, schema: schema(), ...options });
    return { index, close: () => index.close() };
  },
  { timeout: 120_000 },
);
