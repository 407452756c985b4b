import {
  isCanonicalTool,
  isPlainObject,
  parseTool,
  type Tool,
  type ToolInput,
  ToolArsenalError,
} from '@toolarsenal/toolmodel';
import { IndexOptionsError, QueryError } from './errors.js';
import type { SearchOptions } from './types.js';

/**
 * Checks of what callers hand the index (tools, ids, listeners, search filters and context): wrongly typed
 * input becomes a typed error naming the argument and position, never a TypeError from deep inside ranking.
 */

/** Tools for add/upsert: one tool or an array; each a canonical tool or tool input that `parseTool` accepts. */
export function toTools(input: unknown, method: 'add' | 'upsert'): Tool[] {
  if (input === null || typeof input !== 'object') {
    throw new IndexOptionsError(
      `${method}(tools): expected a tool or an array of tools, got ${describe(input)}`,
    );
  }
  const list: readonly unknown[] = Array.isArray(input) ? input : [input];
  return list.map((item, i) => {
    const at = Array.isArray(input) ? `tools[${i}]` : 'tools';
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new IndexOptionsError(`${method}(tools): ${at} is ${describe(item)}, expected a tool object`);
    }
    if (isCanonicalTool(item)) return item;
    try {
      return parseTool(item as ToolInput);
    } catch (error) {
      if (!ToolArsenalError.isInstance(error)) throw error;
      throw new IndexOptionsError(`${method}(tools): ${at} is not a valid tool: ${error.message}`, {
        cause: error,
      });
    }
  });
}

/** Ids for remove(): one id or an array of ids. */
export function toIds(ids: unknown): readonly string[] {
  if (typeof ids === 'string') return [ids];
  if (!Array.isArray(ids))
    throw new IndexOptionsError(`remove(ids): expected an id or an array of ids, got ${describe(ids)}`);
  ids.forEach((id, i) => {
    if (typeof id !== 'string')
      throw new IndexOptionsError(`remove(ids): ids[${i}] is ${describe(id)}, expected a string`);
  });
  return ids as readonly string[];
}

export function checkId(id: unknown, method: string): asserts id is string {
  if (typeof id !== 'string')
    throw new IndexOptionsError(`${method}(id): expected a string, got ${describe(id)}`);
}

export function checkListener(listener: unknown): void {
  if (typeof listener !== 'function')
    throw new IndexOptionsError(`onChange(listener): expected a function, got ${describe(listener)}`);
}

const STRING_LISTS = ['namespaces', 'categories', 'sources', 'excludeIds'] as const;

/** Filters and context of a search request: lists must be lists of strings, signals numbers or functions. */
export function checkFiltersAndContext(options: SearchOptions): void {
  const { filters, context } = options;
  if (filters !== undefined) {
    if (!isPlainObject(filters)) throw new QueryError(`filters must be an object, got ${describe(filters)}`);
    for (const key of STRING_LISTS) stringList(filters[key], `filters.${key}`);
    for (const [group, keys] of [
      ['tags', ['any', 'all', 'none']],
      ['capabilities', ['required', 'excluded']],
    ] as const) {
      const value = filters[group] as Record<string, unknown> | undefined;
      if (value === undefined) continue;
      if (!isPlainObject(value))
        throw new QueryError(`filters.${group} must be an object, got ${describe(value)}`);
      for (const key of keys) stringList(value[key], `filters.${group}.${key}`);
    }
    if (filters.annotations !== undefined && !isPlainObject(filters.annotations))
      throw new QueryError(`filters.annotations must be an object, got ${describe(filters.annotations)}`);
    if (
      filters.deprecated !== undefined &&
      !['exclude', 'include', 'only'].includes(filters.deprecated as string)
    )
      throw new QueryError(
        `filters.deprecated must be exclude, include or only, got ${describe(filters.deprecated)}`,
      );
    if (filters.predicate !== undefined && typeof filters.predicate !== 'function')
      throw new QueryError(`filters.predicate must be a function, got ${describe(filters.predicate)}`);
  }
  if (context !== undefined) {
    if (!isPlainObject(context)) throw new QueryError(`context must be an object, got ${describe(context)}`);
    stringList(context.usedTools, 'context.usedTools');
    stringList(context.failedTools, 'context.failedTools');
    if (context.conversationSummary !== undefined && typeof context.conversationSummary !== 'string')
      throw new QueryError(
        `context.conversationSummary must be a string, got ${describe(context.conversationSummary)}`,
      );
    if (context.recentMessages !== undefined) {
      if (!Array.isArray(context.recentMessages))
        throw new QueryError(
          `context.recentMessages must be an array, got ${describe(context.recentMessages)}`,
        );
      (context.recentMessages as readonly unknown[]).forEach((m, i) => {
        if (!isPlainObject(m) || typeof m.content !== 'string')
          throw new QueryError(`context.recentMessages[${i}] must be an object with a string content`);
      });
    }
    for (const key of ['health', 'cost'] as const) {
      const signal: unknown = context[key];
      if (signal !== undefined && typeof signal !== 'function' && !isPlainObject(signal))
        throw new QueryError(
          `context.${key} must be an object of numbers by tool id or a function, got ${describe(signal)}`,
        );
    }
  }
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal))
    throw new QueryError(`signal must be an AbortSignal, got ${describe(options.signal)}`);
}

function stringList(value: unknown, name: string): void {
  if (value === undefined) return;
  if (!Array.isArray(value))
    throw new QueryError(`${name} must be an array of strings, got ${describe(value)}`);
  value.forEach((v, i) => {
    if (typeof v !== 'string') throw new QueryError(`${name}[${i}] is ${describe(v)}, expected a string`);
  });
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** Page size and position of a `list()` call: `after` is the last id of the previous page. */
export function checkListOptions(options: unknown): { limit: number; after: string | undefined } {
  if (options === null || typeof options !== 'object')
    throw new IndexOptionsError(`list(options): expected an object, got ${describe(options)}`);
  const { limit = 100, cursor } = options as { limit?: unknown; cursor?: unknown };
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 10_000) {
    throw new IndexOptionsError(`list limit must be an integer between 1 and 10000, got ${String(limit)}`);
  }
  return { limit, after: cursor === undefined ? undefined : decodeCursor(cursor) };
}

/** An opaque `list()` cursor: the last id of a page. */
export function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

function decodeCursor(cursor: unknown): string {
  if (typeof cursor !== 'string' || !/^[A-Za-z0-9_-]*$/.test(cursor)) {
    throw new IndexOptionsError('list cursor is not a cursor returned by list()');
  }
  return Buffer.from(cursor, 'base64url').toString('utf8');
}
