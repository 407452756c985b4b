// The stdio side of the overhead bench: server-everything behind a ToolArsenal server (dynamic mode).
import { createMcpPool, createMcpServer } from '../src/index.js';
import { serveStdio, stdio } from '../src/stdio.js';
import { binOf } from '../src/test-fixtures/real-servers.js';

const pool = createMcpPool([
  {
    name: 'everything',
    transport: stdio({
      command: process.execPath,
      args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'],
      stderr: 'ignore',
    }),
    era: 'legacy',
  },
]);
await pool.ready();
const server = createMcpServer({ tools: pool, executors: [pool.executor], mode: 'dynamic' });
const serving = serveStdio(server);
process.stdin.once('end', () => {
  void serving.close().then(() => Promise.all([server.close(), pool.close()]));
});
