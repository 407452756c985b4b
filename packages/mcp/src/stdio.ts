// Node-only entry (`@toolarsenal/mcp/stdio`): spawning and serving over stdin/stdout needs
// `child_process`/`process`, which browser and edge runtimes lack, so it lives apart from `.`.
export { type StdioTransportOptions, stdio } from './client/stdio-transport.js';
export { type ServeStdioOptions, type StdioServing, serveStdio } from './server/serve-stdio.js';
