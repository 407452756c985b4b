import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isPlainObject, parseTool, type Tool, type ToolInput } from '@toolarsenal/toolmodel';
import type { ToolHandler } from '@toolarsenal/toolrun';
import { ArsenalError } from '../errors.js';
import type { Loaded } from './loaded-source.js';
import { inNamespace } from './namespaced.js';

/** What a tool module exports (as `tools` or `default`): tools, or tools with their handlers. */
export type ToolModuleEntry = Tool | ToolInput | { tool: Tool | ToolInput; handler?: ToolHandler };

/**
 * Loads a local ES module's tools: its `tools` export (or default export), an array of
 * `defineTool` tools or `{ tool, handler }` registrations. The module runs in this process with
 * its full rights: list only modules you trust.
 */
export async function loadToolModule(path: string, namespace: string, dir: string): Promise<Loaded> {
  const file = resolve(dir, path);
  const info = await stat(file).catch((error: Error) => {
    throw new ArsenalError('ARSENAL_BAD_MODULE', `module ${path}: ${error.message}`);
  });
  if (!info.isFile()) throw new ArsenalError('ARSENAL_BAD_MODULE', `module ${path} is not a file`);
  // A query string gives a fresh module instance on each retry (a fixed file loads again).
  const url = `${pathToFileURL(file).href}?v=${info.mtimeMs}`;
  const mod = (await import(url)) as Record<string, unknown>;
  return fromModuleExports(mod, path, namespace);
}

/** Reads the `tools`/default export of an imported module. */
export function fromModuleExports(mod: Record<string, unknown>, path: string, namespace: string): Loaded {
  const entries = mod.tools ?? mod.default;
  if (!Array.isArray(entries))
    throw new ArsenalError(
      'ARSENAL_BAD_MODULE',
      `module ${path} must export "tools" (or a default export): an array of tools or { tool, handler }`,
    );
  const tools: Tool[] = [];
  const handlers: (ToolHandler | undefined)[] = [];
  entries.forEach((entry: unknown, i) => {
    const registration = isPlainObject(entry) && 'tool' in entry;
    const input = registration ? (entry as { tool: unknown }).tool : entry;
    const handler = registration ? (entry as { handler?: unknown }).handler : undefined;
    if (handler !== undefined && typeof handler !== 'function')
      throw new ArsenalError('ARSENAL_BAD_MODULE', `module ${path}: tools[${i}].handler must be a function`);
    try {
      tools.push(parseTool(input));
    } catch (error) {
      throw new ArsenalError(
        'ARSENAL_BAD_MODULE',
        `module ${path}: tools[${i}]: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    handlers.push(handler as ToolHandler | undefined);
  });
  const namespaced = inNamespace(tools, namespace);
  const byId = new Map<string, ToolHandler>();
  namespaced.forEach((tool, i) => {
    const handler = handlers[i];
    if (handler) byId.set(tool.id, handler);
  });
  return { tools: namespaced, handlers: byId };
}
