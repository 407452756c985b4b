import type { Stream } from 'node:stream';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { McpError } from '../errors.js';
import type { McpTransport } from './transport.js';

export interface StdioTransportOptions {
  /** The executable, e.g. `npx` or `node`. */
  command: string;
  args?: readonly string[];
  /**
   * Extra environment variables, added to the SDK's safe default environment (PATH, HOME…);
   * the rest of this process's environment (secrets) is not inherited.
   */
  env?: Record<string, string>;
  cwd?: string;
  /** Where the server's stderr goes: `inherit` (default), `ignore`, `pipe`, or a stream. */
  stderr?: 'inherit' | 'ignore' | 'pipe' | Stream;
  /** Largest single message accepted, in bytes (default 10 MB, the SDK's). */
  maxMessageBytes?: number;
}

/** A local MCP server started as a child process and spoken to over stdin/stdout. */
export function stdio(options: StdioTransportOptions): McpTransport {
  if (typeof options?.command !== 'string' || options.command.trim() === '') {
    throw new McpError('MCP_INVALID_OPTIONS', 'stdio(): `command` must be a non-empty string');
  }
  const args = options.args ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) {
    throw new McpError('MCP_INVALID_OPTIONS', 'stdio(): `args` must be an array of strings');
  }
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (typeof value !== 'string')
      throw new McpError('MCP_INVALID_OPTIONS', `stdio(): env.${key} must be a string`);
  }
  const command = options.command;
  return {
    kind: 'stdio',
    label: command.split(/[\\/]/).pop() ?? command,
    create: () =>
      new StdioClientTransport({
        command,
        args: [...args],
        env: { ...getDefaultEnvironment(), ...options.env },
        ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
        stderr: options.stderr ?? 'inherit',
        ...(options.maxMessageBytes !== undefined ? { maxBufferSize: options.maxMessageBytes } : {}),
      }),
  };
}
