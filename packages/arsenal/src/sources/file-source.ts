import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Dialect, isDialect, toCanonical } from '@toolarsenal/tooladapter';
import { parseTool, type Tool } from '@toolarsenal/toolmodel';
import { parse } from 'yaml';
import { ArsenalError } from '../errors.js';
import type { Loaded } from './loaded-source.js';
import { inNamespace } from './namespaced.js';

/** Largest tool file read (bytes). */
export const MAX_TOOL_FILE_BYTES = 20 * 1024 * 1024;

/**
 * Loads a static tool file: JSON or YAML in any dialect tooladapter reads (detected unless
 * `dialect` is given), or canonical tools. The tools have no implementation of their own: calls
 * answer `EXECUTOR_NOT_FOUND` unless something executes their source kind.
 */
export async function loadToolFile(
  path: string,
  namespace: string,
  dialect: string | undefined,
  dir: string,
): Promise<Loaded> {
  const file = resolve(dir, path);
  const info = await stat(file).catch((error: Error) => {
    throw new ArsenalError('ARSENAL_BAD_TOOL_FILE', `tool file ${path}: ${error.message}`);
  });
  if (!info.isFile()) throw new ArsenalError('ARSENAL_BAD_TOOL_FILE', `tool file ${path} is not a file`);
  if (info.size > MAX_TOOL_FILE_BYTES)
    throw new ArsenalError(
      'ARSENAL_BAD_TOOL_FILE',
      `tool file ${path} is ${info.size} bytes; the limit is ${MAX_TOOL_FILE_BYTES}`,
    );
  const text = await readFile(file, 'utf8');
  let raw: unknown;
  try {
    raw = /\.json$/i.test(file) ? JSON.parse(text) : parse(text, { maxAliasCount: 100, uniqueKeys: true });
  } catch (error) {
    throw new ArsenalError('ARSENAL_BAD_TOOL_FILE', `tool file ${path}: ${(error as Error).message}`);
  }
  if (dialect !== undefined && dialect !== 'canonical' && !isDialect(dialect))
    throw new ArsenalError(
      'ARSENAL_BAD_TOOL_FILE',
      `tool file ${path}: unknown dialect ${JSON.stringify(dialect)}`,
    );
  let tools: Tool[];
  try {
    // Parsed straight into the namespace: namespacing afterwards would parse every tool twice.
    tools = isCanonical(raw, dialect)
      ? (raw as unknown[]).map((t) => parseTool(inSourceNamespace(stripDerived(t), namespace)))
      : toCanonical(raw, dialect as Dialect | undefined, { namespace }).tools;
  } catch (error) {
    throw new ArsenalError('ARSENAL_BAD_TOOL_FILE', `tool file ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  // A dialect's own namespace composes under the option (`ns.own`); the source's namespace wins.
  return { tools: inNamespace(tools, namespace) };
}

function isCanonical(raw: unknown, dialect: string | undefined): boolean {
  if (dialect === 'canonical') return true;
  if (dialect !== undefined || !Array.isArray(raw) || raw.length === 0) return false;
  return raw.every(
    (t) =>
      typeof t === 'object' && t !== null && typeof (t as { contentHash?: unknown }).contentHash === 'string',
  );
}

/** Canonical JSON carries derived fields (`id`, `contentHash`) that parsing recomputes. */
function stripDerived(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const { id: _id, contentHash: _hash, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** A canonical tool object with its namespace set to the source's (which replaces its own). */
function inSourceNamespace(value: unknown, namespace: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return { ...(value as Record<string, unknown>), namespace };
}
