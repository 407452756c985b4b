// Serves the fixture tools over stdio: `node serve-fixture.mjs <mode>`, compiled from this file by
// vitest.global-setup.ts (harness.ts fixtureCommand).
import { createMcpServer } from '../index.js';
import { serveStdio } from '../stdio.js';
import { createFixtureRunner, FIXTURE_TOOLS } from './fixture-tools.js';

const mode = (process.argv[2] ?? 'dynamic') as 'static' | 'dynamic' | 'hybrid';
const server = createMcpServer({
  tools: FIXTURE_TOOLS,
  runner: createFixtureRunner(),
  mode,
  ...(mode === 'hybrid' ? { pinned: ['math_add', 'echo'] } : {}),
});
serveStdio(server);
