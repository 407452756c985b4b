import type { Tool } from '@toolarsenal/toolmodel';
import { ToolsetError } from './errors.js';

/** Called after a provider's tools changed. */
export type ChangeListener = () => void;

/**
 * Anything that can list tools and, optionally, tell when they change — a plain array, a
 * registry, the index, or another toolset. Change events are either `subscribe(listener)`
 * returning an unsubscribe function, or EventEmitter-style `on('change')`/`off('change')`.
 */
export interface ToolProvider {
  list(): Iterable<Tool>;
  subscribe?(listener: ChangeListener): () => void;
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
  if (typeof provider.on === 'function') {
    provider.on('change', listener);
    return () => provider.off?.('change', listener);
  }
  return undefined;
}

export function canNotify(provider: ToolProvider): boolean {
  return typeof provider.subscribe === 'function' || typeof provider.on === 'function';
}

const MAX_TOOLS = 1_000_000;

/** Tool objects already checked (canonical tools are frozen, so a checked object stays valid). */
const validated = new WeakSet<object>();

/**
 * Reads a provider once and checks its contract: every item is a canonical tool (as built by
 * toolmodel) and ids are unique. Returns the tools.
 */
export function readProvider(provider: ToolProvider, label: string): readonly Tool[] {
  const listed = provider.list();
  if (
    listed === null ||
    typeof listed !== 'object' ||
    typeof (listed as Iterable<Tool>)[Symbol.iterator] !== 'function'
  ) {
    throw new ToolsetError(
      'TOOLSET_BAD_SOURCE',
      `${label}: list() must return an array or iterable of tools`,
    );
  }
  const tools: Tool[] = [];
  const seen = new Set<string>();
  for (const tool of listed as Iterable<Tool>) {
    if (tools.length >= MAX_TOOLS) {
      throw new ToolsetError('TOOLSET_BAD_SOURCE', `${label}: more than ${MAX_TOOLS} tools`);
    }
    if (!validated.has(tool) && !isToolLike(tool)) {
      throw new ToolsetError(
        'TOOLSET_BAD_SOURCE',
        `${label}: item ${tools.length} is not a canonical tool (build tools with toolmodel's defineTool/parseTool)`,
      );
    }
    if (seen.has(tool.id)) {
      throw new ToolsetError(
        'TOOLSET_DUPLICATE_TOOL',
        `${label}: tool id ${JSON.stringify(tool.id)} is listed twice`,
      );
    }
    seen.add(tool.id);
    if (Object.isFrozen(tool)) validated.add(tool);
    tools.push(tool);
  }
  return tools;
}

function isToolLike(value: unknown): value is Tool {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.id === 'string' &&
    typeof t.name === 'string' &&
    Array.isArray(t.tags) &&
    Array.isArray(t.capabilities) &&
    typeof t.annotations === 'object' &&
    t.annotations !== null
  );
}
