import { exitQuietlyOnClosedStdout } from './io.js';
import { runCli } from './program.js';

/** Entry point used by bin/toolarsenal.js. */
export async function main(argv: readonly string[]): Promise<number> {
  exitQuietlyOnClosedStdout();
  return runCli(argv.slice(2));
}
