import { type ArsenalConfig, ArsenalConfigError, loadConfig, printConfig } from '@toolarsenal/arsenal';
import type { Command } from 'commander';
import { CliError, EXIT } from '../cli-error.js';
import type { CliIo } from '../io.js';
import { setExitCode } from '../program.js';
import { readConfig, resolveConfigPath } from './arsenal-session.js';
import type { RegisterCommand } from './index.js';

interface ConfigOptions {
  config?: string;
  print?: boolean;
  json?: boolean;
}

/** `toolarsenal config check | print` (and `config --print`): validate, or show with secrets masked. */
export const registerConfig: RegisterCommand = (program, io: CliIo) => {
  const config = program
    .command('config')
    .description('Check a config file, or print it resolved (${ENV} filled in) with secrets masked.')
    .option('--config <file>', 'config file (default: toolarsenal.yaml|yml|json in this directory)')
    .option('--print', 'same as `config print`')
    .option('--json', 'JSON output')
    .addHelpText(
      'after',
      '\nExit codes: 0 valid, 1 invalid (every problem listed with file:line:column and key path), 2 bad usage or unreadable file.',
    )
    .action(async (options: ConfigOptions) => {
      if (!options.print) throw new CliError('give a subcommand (check, print) or --print');
      await print(options, io);
    });
  config
    .command('check')
    .description('Validate the config: keys, types, references, ${ENV} variables. Nothing is started.')
    .option('--config <file>', 'config file')
    .option('--json', 'print {file, valid, issues} as JSON')
    .action(async (options: ConfigOptions, command: Command) => {
      const merged = { ...(command.parent?.opts() as ConfigOptions), ...options };
      const path = await resolveConfigPath(merged.config);
      let loaded: ArsenalConfig;
      try {
        loaded = await loadConfig(path);
      } catch (error) {
        if (!ArsenalConfigError.isInstance(error)) throw error;
        if (merged.json)
          io.stdout(`${JSON.stringify({ file: error.file, valid: false, issues: error.issues })}\n`);
        else io.stderr(`${error.message}\n`);
        setExitCode(command, EXIT.problems);
        return;
      }
      const summary = `${loaded.sources.length} sources, ${loaded.toolsets.toolsets.length} toolsets, ${loaded.toolsets.policies.length} policies`;
      if (merged.json) io.stdout(`${JSON.stringify({ file: loaded.file, valid: true, issues: [] })}\n`);
      else io.stdout(`${loaded.file}: valid (${summary})\n`);
    });
  config
    .command('print')
    .description('Print the resolved config with secrets (credentials, headers, env values) masked.')
    .option('--config <file>', 'config file')
    .option('--json', 'JSON instead of YAML')
    .action(async (options: ConfigOptions, command: Command) => {
      await print({ ...(command.parent?.opts() as ConfigOptions), ...options }, io);
    });
};

async function print(options: ConfigOptions, io: CliIo): Promise<void> {
  const loaded = await readConfig(options.config);
  io.stdout(printConfig(loaded, options.json ? 'json' : 'yaml'));
}
