import { runCli } from './program.js';

/** Entry point used by bin/toolarsenal.js. */
export async function main(argv: readonly string[]): Promise<number> {
  return runCli(argv.slice(2));
}
