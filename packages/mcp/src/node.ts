// Node-only entry (`@toolarsenal/mcp/node`): an HTTP listener on a port (node:http).
export { type HealthReport, type HttpServing, type ListenOptions, listen } from './server/listen-http.js';
