import type { Command } from 'commander';

/**
 * The `--config <file>` / `--tools <file>` pair of the commands that run over either an arsenal config
 * or one tool file (`serve`, `inspect`); each command words the help for what it does with them.
 */
export function addSourceOptions(command: Command, help: { config: string; tools: string }): Command {
  return command.option('--config <file>', help.config).option('--tools <file>', help.tools);
}
