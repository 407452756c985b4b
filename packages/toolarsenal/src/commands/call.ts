// The HTTP executor (undici, @toolarsenal/net) is imported when the --doc form runs: every other
// command, `serve` included, starts without loading it.
import type { Credential, HttpExecutorOptions } from '@toolarsenal/openapi/http';
import {
  isPlainObject,
  type JsonObject,
  type Tool,
  ToolArsenalError,
  validateArguments,
} from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import type { Command } from 'commander';
import { CliError, EXIT } from '../cli-error.js';
import type { CliIo } from '../io.js';
import { setExitCode } from '../program.js';
import { type Confirm, type ConfigCallOptions, runConfigCall } from './call-tool.js';
import type { RegisterCommand } from './index.js';

/**
 * `toolarsenal call`: runs one tool and prints its result, in one of two forms: a tool of a config
 * (`call <tool> --config <file>`, through the gateway's runner and policies) or one operation of
 * an OpenAPI document (`call --doc <file> --operation <id>`, straight to the HTTP executor).
 */
export interface CallCommandOptions extends ConfigCallOptions {
  doc?: string;
  operation?: string;
  args?: string;
  baseUrl?: string;
  allowHost?: string[];
  auth?: string[];
  serverVar?: string[];
  timeout?: string;
  maxResponseBytes?: string;
  fileRoot?: string[];
  dryRun?: boolean;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** The environment variable a scheme's credential is read from by default: TOOLARSENAL_AUTH_<NAME>. */
export function defaultAuthVariable(scheme: string): string {
  return `TOOLARSENAL_AUTH_${scheme.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}`;
}

function parseArgs(text: string | undefined): JsonObject {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`--args is not JSON: ${(error as Error).message}`);
  }
  if (!isPlainObject(value))
    throw new CliError('--args must be a JSON object, e.g. \'{"path":{"petId":1}}\'');
  return value as JsonObject;
}

function positiveInt(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new CliError(`${flag} must be a positive integer, got "${text}"`);
  return n;
}

function pairs(flag: string, list: string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new CliError(`${flag} expects name=value, got "${item}"`);
    out[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return out;
}

/**
 * Credentials from the environment, never from arguments: for each security scheme of the tool,
 * the variable named by `--auth <scheme>=<VAR>` or TOOLARSENAL_AUTH_<SCHEME>. OAuth2 / OpenID
 * Connect schemes also take <VAR>_CLIENT_ID + <VAR>_CLIENT_SECRET (client credentials); basic
 * takes `user:password`.
 */
export function credentialsFromEnv(
  tool: Tool,
  named: Record<string, string>,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, Credential> {
  const meta = (
    tool.sourceMeta as { openapi?: { securitySchemes?: Record<string, { type?: string; scheme?: string }> } }
  )?.openapi;
  const out: Record<string, Credential> = {};
  for (const [name, scheme] of Object.entries(meta?.securitySchemes ?? {})) {
    const variable = named[name] ?? defaultAuthVariable(name);
    const value = env[variable];
    const oauth = scheme.type === 'oauth2' || scheme.type === 'openIdConnect';
    const clientId = env[`${variable}_CLIENT_ID`];
    const clientSecret = env[`${variable}_CLIENT_SECRET`];
    if (oauth && clientId && clientSecret) out[name] = { clientId, clientSecret };
    else if (value !== undefined && value !== '') {
      if (scheme.type === 'http' && scheme.scheme === 'basic') {
        const colon = value.indexOf(':');
        if (colon < 0)
          throw new CliError(`${variable} must be user:password for HTTP basic scheme "${name}"`);
        out[name] = { username: value.slice(0, colon), password: value.slice(colon + 1) };
      } else if (scheme.type === 'apiKey') out[name] = { apiKey: value };
      else out[name] = { token: value };
    }
  }
  for (const name of Object.keys(named))
    if (!Object.hasOwn(meta?.securitySchemes ?? {}, name))
      throw new CliError(`--auth ${name}=…: the operation has no security scheme "${name}"`);
  return out;
}

async function loadOperation(doc: string, operation: string): Promise<Tool> {
  const { importOpenApi, OpenApiImportError } = await import('@toolarsenal/openapi');
  let tools: Tool[];
  try {
    ({ tools } = await importOpenApi(doc));
  } catch (error) {
    if (OpenApiImportError.isInstance(error)) throw new CliError(error.message, EXIT.usage, error.code);
    throw error;
  }
  const opId = (t: Tool) =>
    (t.sourceMeta as { openapi?: { operationId?: string } } | undefined)?.openapi?.operationId;
  const found = tools.find((t) => opId(t) === operation) ?? tools.find((t) => t.name === operation);
  if (!found) {
    const names = tools.slice(0, 10).map((t) => opId(t) ?? t.name);
    throw new CliError(
      `no operation "${operation}" in ${doc} (operationIds or tool names, e.g. ${names.join(', ')}${tools.length > 10 ? ', …' : ''})`,
    );
  }
  return found;
}

async function runDocCall(options: CallCommandOptions, command: Command, io: CliIo): Promise<void> {
  if (!options.operation) throw new CliError('--operation <operationId> is required with --doc');
  const args = parseArgs(options.args);
  const timeoutMs = positiveInt('--timeout', options.timeout);
  const maxResponseBytes = positiveInt('--max-response-bytes', options.maxResponseBytes);
  const serverVariables = pairs('--server-var', options.serverVar);
  const named = pairs('--auth', options.auth);
  const tool = await loadOperation(options.doc!, options.operation);
  const validation = validateArguments(tool, args);
  if (!validation.valid) {
    for (const e of validation.errors.slice(0, 20)) io.stderr(`  ${e.pointer || '/'}: ${e.message}\n`);
    throw new CliError(
      `--args do not fit the input schema of "${tool.name}"`,
      EXIT.usage,
      'INVALID_ARGUMENTS',
    );
  }
  const executorOptions: HttpExecutorOptions = {
    auth: credentialsFromEnv(tool, named),
    serverVariables,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.allowHost && options.allowHost.length > 0 ? { allowedHosts: options.allowHost } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(maxResponseBytes ? { maxResponseBytes } : {}),
    ...(options.fileRoot && options.fileRoot.length > 0 ? { files: { roots: options.fileRoot } } : {}),
  };
  const { createHttpExecutor, formatRequest } = await import('@toolarsenal/openapi/http');
  let executor;
  try {
    executor = createHttpExecutor(executorOptions);
  } catch (error) {
    if (ToolArsenalError.isInstance(error)) throw new CliError(error.message, EXIT.usage, error.code);
    throw error;
  }
  try {
    if (options.dryRun) {
      const prepared = await executor.prepare(tool, args, { resolve: true });
      io.stdout(`${await formatRequest(prepared, executor.redactor(prepared))}\n`);
      setExitCode(command, EXIT.ok);
      return;
    }
    // The person running the command approves this one call: a confirmation the tool asks for
    // (DELETE operations) is given at once.
    const runner = createRunner({
      executors: [executor],
      tools: [tool],
      defaults: { validateOutput: true, ...(timeoutMs ? { timeoutMs } : {}) },
    });
    let result = await runner.run({ name: tool.name, arguments: args });
    if (result.status === 'pending_confirmation' && result.confirmation)
      result = await runner.confirm(result.confirmation.token);
    if (result.ok) {
      io.stdout(`${JSON.stringify(result.result ?? null, null, 2)}\n`);
      setExitCode(command, EXIT.ok);
      return;
    }
    const error = result.error!;
    io.stderr(`toolarsenal: ${error.code}: ${error.message}\n`);
    if (error.details) io.stderr(`${JSON.stringify(error.details)}\n`);
    setExitCode(command, EXIT.problems);
  } catch (error) {
    if (ToolArsenalError.isInstance(error)) throw new CliError(error.message, EXIT.usage, error.code);
    throw error;
  } finally {
    await executor.close();
  }
}

const DOC_ONLY = [
  'operation',
  'baseUrl',
  'allowHost',
  'auth',
  'serverVar',
  'timeout',
  'maxResponseBytes',
  'fileRoot',
  'dryRun',
] as const;
const CONFIG_ONLY = ['config', 'yes', 'json'] as const;
const flag = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export function createCallCommand(confirm?: Confirm): RegisterCommand {
  return (program, io) => {
    program
      .command('call')
      .description(
        'Call one tool and print its result: a tool of a config (call <tool> --config), or one operation of an OpenAPI document over HTTP (call --doc --operation)',
      )
      .argument('[tool]', 'config form: tool id (ns:name@version), versionless id (ns:name) or unique name')
      .option(
        '--config <file>',
        'config form: config file (default: toolarsenal.yaml|yml|json in this directory)',
      )
      .option(
        '--yes',
        'config form: confirm a tool that needs confirmation (destructive tools…) without asking',
      )
      .option('--json', 'config form: print the whole result as JSON')
      .option('--doc <file>', 'document form: OpenAPI 3.x / Swagger 2.0 document (JSON or YAML)')
      .option('--operation <id>', 'operationId (or tool name) to call')
      .option(
        '--args <json>',
        'arguments as JSON: {"path": {…}, "query": {…}, "header": {…}, "cookie": {…}, "body": …}',
      )
      .option('--base-url <url>', "call this server instead of the document's")
      .option(
        '--allow-host <host[:port]>',
        "hosts the call may reach (repeatable; replaces the default, the base URL's host). Needed for private or loopback addresses",
        collect,
      )
      .option(
        '--auth <scheme=VAR>',
        'read the credential of a security scheme from this environment variable (repeatable; default TOOLARSENAL_AUTH_<SCHEME>)',
        collect,
      )
      .option('--server-var <name=value>', 'value of a {variable} in the server URL (repeatable)', collect)
      .option('--timeout <ms>', 'deadline of the call in milliseconds (default 30000)')
      .option('--max-response-bytes <n>', 'cut response bodies at this size (default 10485760)')
      .option(
        '--file-root <dir>',
        'directory binary body parts may be read from, given as "@<path>" instead of base64 (repeatable)',
        collect,
      )
      .option('--dry-run', 'print the exact HTTP request instead of sending it (secrets masked)')
      .addHelpText(
        'after',
        '\nCredentials come only from environment variables: API keys and bearer tokens as the value, HTTP basic as user:password,\n' +
          'OAuth2 client credentials as <VAR>_CLIENT_ID and <VAR>_CLIENT_SECRET.\n' +
          'A config tool that needs confirmation asks on a terminal, runs with --yes, and is refused otherwise.\n' +
          'Exit codes: 0 the call succeeded, 1 the call failed, was refused or needs confirmation that was not given\n' +
          '(HTTP error, refused host, timeout…), 2 bad usage, config or document.',
      )
      .action(async (tool: string | undefined, options: CallCommandOptions, command: Command) => {
        if (options.doc !== undefined) {
          if (tool !== undefined)
            throw new CliError(
              `give either <tool> (with --config) or --doc with --operation, not both ("${tool}")`,
            );
          const stray = CONFIG_ONLY.find((key) => options[key] !== undefined);
          if (stray)
            throw new CliError(`${flag(stray)} belongs to the config form (call <tool> --config), not --doc`);
          await runDocCall(options, command, io);
          return;
        }
        const stray = DOC_ONLY.find((key) => options[key] !== undefined);
        if (stray) throw new CliError(`${flag(stray)} needs --doc <file>`);
        if (tool === undefined)
          throw new CliError(
            'name a tool (call <tool> --config <file>) or an operation (call --doc <file> --operation <id>)',
          );
        await runConfigCall(tool, options, command, io, confirm);
      });
  };
}

export const registerCall: RegisterCommand = createCallCommand();
