// @toolarsenal/openapi/http — calls tools imported by importOpenApi over HTTP (safe networking from
// @toolarsenal/net). A separate entry point so the importer carries no network code.
export type { ClientCredentials, Credential } from './auth.js';
export type { PreparedRequest } from './build-request.js';
export { formatRequest } from './format-request.js';
export { HttpCallError, type HttpCallErrorCode } from './errors.js';
export { DEFAULT_MAX_FILE_BYTES, type FileAccess } from './file-arguments.js';
export { createHttpExecutor, type HttpExecutor, type HttpExecutorOptions } from './executor.js';
export { parseRetryAfter } from './read-response.js';
