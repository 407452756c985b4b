import { ArsenalError, type IndexMigration, migrateConfiguredIndex } from '@toolarsenal/arsenal';
import type { Command } from 'commander';
import { CliError, EXIT } from '../cli-error.js';
import type { CliIo } from '../io.js';
import { setExitCode } from '../program.js';
import { readConfig } from './arsenal-session.js';
import type { RegisterCommand } from './index.js';

interface MigrateOptions {
  config?: string;
  url?: string;
  schema?: string;
  json?: boolean;
}

const SCHEMA = /^[a-z_][a-z0-9_]{0,40}$/;

/**
 * `toolarsenal index migrate`: creates or upgrades the Postgres index's tables (the versioned migration of
 * `@toolarsenal/toolindex-pg`), for deployments that start their replicas with `index.migrate: manual`.
 */
export const registerIndex: RegisterCommand = (program, io: CliIo) => {
  const index = program.command('index').description('Manage a database-backed tool index.');
  index
    .command('migrate')
    .description(
      "Create or upgrade the Postgres index's tables (idempotent; concurrent runs wait for each other). Needs @toolarsenal/toolindex-pg and pg installed.",
    )
    .option(
      '--config <file>',
      'config whose `index` section names the database (default: toolarsenal.yaml|yml|json here)',
    )
    .option(
      '--url <url>',
      'postgres:// URL instead of a config (prefer --config with ${TOOLARSENAL_PG_URL}: a URL on the command line is visible to other users)',
    )
    .option(
      '--schema <name>',
      "Postgres schema of the index (default: the config's index.schema, else toolarsenal_index)",
    )
    .option('--json', 'print {schema, from, to, changed} as JSON')
    .addHelpText(
      'after',
      '\nExit codes: 0 migrated or already current, 1 the database failed (unreachable, refused, or a schema written by a newer release), 2 bad usage (no URL, a config whose index is not postgres, an invalid config, packages missing).',
    )
    .action(async (options: MigrateOptions, command: Command) => {
      const config = await target(options);
      let result: IndexMigration;
      try {
        result = await migrateConfiguredIndex(config);
      } catch (error) {
        if (ArsenalError.isInstance(error) && error.code !== 'ARSENAL_INDEX_UNAVAILABLE')
          throw new CliError(`index migrate: ${error.message}`, EXIT.usage, error.code);
        io.stderr(`toolarsenal: index migrate: ${(error as Error)?.message ?? String(error)}\n`);
        setExitCode(command, EXIT.problems);
        return;
      }
      const changed = result.from !== result.to;
      if (options.json) io.stdout(`${JSON.stringify({ ...result, changed })}\n`);
      else io.stdout(`${describe(result)}\n`);
    });
};

/** The `index` section to migrate: from `--url`, else from the config file. */
async function target(options: MigrateOptions) {
  if (options.schema !== undefined && !SCHEMA.test(options.schema))
    throw new CliError(
      `--schema must be a lower-case identifier of at most 41 characters ([a-z_][a-z0-9_]*), got ${JSON.stringify(options.schema)}`,
    );
  if (options.url !== undefined) {
    if (options.config !== undefined) throw new CliError('give --url or --config, not both');
    if (!/^postgres(ql)?:\/\/\S*$/.test(options.url))
      throw new CliError('--url must be a postgres:// or postgresql:// URL');
    return {
      backend: 'postgres' as const,
      url: options.url,
      ...(options.schema !== undefined && { schema: options.schema }),
    };
  }
  const loaded = await readConfig(options.config);
  if (loaded.index.backend !== 'postgres')
    throw new CliError(
      `${loaded.file}: index.backend is not "postgres" (the in-memory index has nothing to migrate); set index: { backend: postgres, url: "\${TOOLARSENAL_PG_URL}" } or pass --url`,
    );
  return { ...loaded.index, ...(options.schema !== undefined && { schema: options.schema }) };
}

function describe({ schema, from, to }: IndexMigration): string {
  if (from === to) return `${schema}: already at schema version ${to}, nothing to do`;
  if (from === 0) return `${schema}: created the index tables at schema version ${to}`;
  return `${schema}: upgraded from schema version ${from} to ${to}`;
}
