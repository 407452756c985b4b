import type { Command } from 'commander';
import { EXIT } from '../cli-error.js';
import type { CliIo } from '../io.js';
import { setExitCode } from '../program.js';
import { line, openArsenal } from './arsenal-session.js';
import type { RegisterCommand } from './index.js';

interface ListOptions {
  config?: string;
  json?: boolean;
  all?: boolean;
}

/** `toolarsenal list`: the sources of a config and the tools they bring (the served set unless --all). */
export const registerList: RegisterCommand = (program, io: CliIo) => {
  program
    .command('list')
    .description('Start the sources of a config and list their tools (what `serve` would serve).')
    .option('--config <file>', 'config file (default: toolarsenal.yaml|yml|json in this directory)')
    .option('--all', 'every tool, ignoring serve.toolset and its policy')
    .option('--json', 'print {sources, tools} as JSON')
    .addHelpText(
      'after',
      '\nExit codes: 0 every source is up, 1 some source is down (its tools may be missing), 2 bad usage or config.',
    )
    .action(async (options: ListOptions, command: Command) => {
      const arsenal = await openArsenal(options.config, io, { quiet: options.json === true });
      try {
        const status = arsenal.status();
        const tools = options.all ? [...arsenal.tools()] : arsenal.list();
        if (options.json) {
          io.stdout(
            `${JSON.stringify(
              {
                sources: status,
                tools: tools.map((t) => ({
                  id: t.id,
                  name: t.name,
                  namespace: t.namespace,
                  source: t.source,
                  description: t.description,
                })),
              },
              null,
              2,
            )}\n`,
          );
        } else {
          for (const state of status) io.stdout(line(state));
          io.stdout('\n');
          for (const tool of tools) {
            const description = tool.description.replace(/\s+/g, ' ');
            io.stdout(
              `${tool.id}  ${description.length > 80 ? `${description.slice(0, 79)}…` : description}\n`,
            );
          }
          io.stderr(`${tools.length} tools from ${status.length} sources\n`);
        }
        if (status.some((s) => s.status !== 'ready')) setExitCode(command, EXIT.problems);
      } finally {
        await arsenal.close({ graceMs: 0 });
      }
    });
};
