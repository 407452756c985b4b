import type { Tool } from '@toolarsenal/toolmodel';
import { ToolsetError } from './errors.js';
import { fieldAnnotations, fieldCapabilities, fieldId, fieldName, fieldTags } from './tool-fields.js';

/** Called after a provider's tools changed. */
export type ChangeListener = () => void;

/** One page of a paged `list()` (the index's shape): pass `nextCursor` back for the next page. */
export interface ToolPage {
  tools: readonly Tool[];
  nextCursor?: string;
}

/**
 * Anything that can list tools and, optionally, tell when they change — a plain array, a
 * registry, the index, or another toolset. `list()` returns the tools (any iterable) or pages
 * (`{tools, nextCursor}`, read to the end). Change events are `subscribe(listener)` or
 * `onChange(listener)` returning an unsubscribe function, or EventEmitter-style
 * `on('change')`/`off('change')`.
 */
export interface ToolProvider {
  list(options?: { cursor?: string; limit?: number }): Iterable<Tool> | ToolPage;
  subscribe?(listener: ChangeListener): () => void;
  onChange?(listener: ChangeListener): () => void;
  on?(event: 'change', listener: ChangeListener): unknown;
  off?(event: 'change', listener: ChangeListener): unknown;
}

export type ToolSourceInput = Iterable<Tool> | ToolProvider;

export function isProvider(source: unknown): source is ToolProvider {
  return typeof source === 'object' && source !== null && typeof (source as ToolProvider).list === 'function';
}

/** Wraps arrays and providers in one shape. Arrays are copied so later mutation cannot leak in. */
export function toProvider(source: ToolSourceInput): ToolProvider {
  if (isProvider(source)) return source;
  if (
    source === null ||
    typeof source !== 'object' ||
    typeof (source as Iterable<Tool>)[Symbol.iterator] !== 'function'
  ) {
    throw new ToolsetError(
      'TOOLSET_BAD_SOURCE',
      'a toolset source must be an array of tools or an object with a list() method',
    );
  }
  const copy = Object.freeze([...(source as Iterable<Tool>)]);
  return { list: () => copy };
}

/** Subscribes to a provider's change events if it has any; returns the unsubscribe function. */
export function subscribeTo(provider: ToolProvider, listener: ChangeListener): (() => void) | undefined {
  if (typeof provider.subscribe === 'function') {
    const off = provider.subscribe(listener);
    return typeof off === 'function' ? off : undefined;
  }
  if (typeof provider.onChange === 'function') {
    const off = provider.onChange(() => listener());
    return typeof off === 'function' ? off : undefined;
  }
  if (typeof provider.on === 'function') {
    provider.on('change', listener);
    return () => provider.off?.('change', listener);
  }
  return undefined;
}

export function canNotify(provider: ToolProvider): boolean {
  return (
    typeof provider.subscribe === 'function' ||
    typeof provider.onChange === 'function' ||
    typeof provider.on === 'function'
  );
}

const MAX_TOOLS = 1_000_000;

/**
 * Reads a provider once (all pages) and checks that every item is a canonical tool (as built by
 * toolmodel). Returns the tools.
 */
export function readProvider(provider: ToolProvider, label: string): readonly Tool[] {
  const tools: Tool[] = [];
  // Ids are checked for uniqueness where they matter and cheaply: among a set's members when it is
  // built, and across the whole source when something is looked up by id (see Toolset).
  const take = (listed: Iterable<Tool>) => {
    for (const tool of listed) {
      if (tools.length >= MAX_TOOLS) {
        throw new ToolsetError('TOOLSET_BAD_SOURCE', `${label}: more than ${MAX_TOOLS} tools`);
      }
      if (!isToolLike(tool)) {
        throw new ToolsetError(
          'TOOLSET_BAD_SOURCE',
          `${label}: item ${tools.length} is not a canonical tool (build tools with toolmodel's defineTool/parseTool)`,
        );
      }
      tools.push(tool);
    }
  };
  let listed = provider.list(PAGE);
  const cursors = new Set<string>();
  for (;;) {
    if (isPage(listed)) {
      take(listed.tools);
      const next = listed.nextCursor;
      if (next === undefined) break;
      if (typeof next !== 'string' || cursors.has(next) || cursors.size >= MAX_PAGES) {
        throw new ToolsetError(
          'TOOLSET_BAD_SOURCE',
          `${label}: list() paging does not end (cursor repeated or more than ${MAX_PAGES} pages)`,
        );
      }
      cursors.add(next);
      listed = provider.list({ ...PAGE, cursor: next });
      continue;
    }
    if (
      listed === null ||
      typeof listed !== 'object' ||
      typeof (listed as Iterable<Tool>)[Symbol.iterator] !== 'function'
    ) {
      throw new ToolsetError(
        'TOOLSET_BAD_SOURCE',
        `${label}: list() must return tools (an array or iterable) or a page {tools, nextCursor}`,
      );
    }
    take(listed as Iterable<Tool>);
    break;
  }
  return tools;
}

const PAGE = Object.freeze({ limit: 10_000 });
const MAX_PAGES = 10_000;

function isPage(value: unknown): value is ToolPage {
  return typeof value === 'object' && value !== null && Array.isArray((value as ToolPage).tools);
}

function isToolLike(value: unknown): value is Tool {
  if (typeof value !== 'object' || value === null) return false;
  // Keyed field reads (see tool-fields.ts): this runs for every source tool on every build.
  if (typeof fieldId(value) !== 'string' || typeof fieldName(value) !== 'string') return false;
  if (!Array.isArray(fieldTags(value)) || !Array.isArray(fieldCapabilities(value))) return false;
  const annotations = fieldAnnotations(value);
  return typeof annotations === 'object' && annotations !== null;
}
