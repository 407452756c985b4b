export { CliError, EXIT } from './cli-error.js';
export { type CliIo, parseStructured, processIo, readStructured, readText, writeOutput } from './io.js';
export { createProgram, runCli, setExitCode } from './program.js';
