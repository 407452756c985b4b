export { CliError, EXIT } from './cli-error.js';
export type { CliIo } from './io.js';
export { runCli } from './program.js';
