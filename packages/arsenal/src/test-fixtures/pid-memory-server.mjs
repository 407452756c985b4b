// Test fixture: appends this process's pid to $PID_LOG, then runs the real memory MCP server.
import { appendFileSync } from 'node:fs';

appendFileSync(process.env.PID_LOG, `${process.pid}\n`);
await import(
  new URL('../../../../node_modules/@modelcontextprotocol/server-memory/dist/index.js', import.meta.url)
);
