import { resolve } from 'node:path';
import { type Arsenal, MASK, maskSecrets, type SourceConfig, type SourceState } from '@toolarsenal/arsenal';
import { type InspectTarget, runnerCalls, type Scoring, type ToolOrigin } from '@toolarsenal/inspect';
import type { Tool } from '@toolarsenal/toolmodel';
import { arsenalAccess } from './inspect-access.js';

export interface ArsenalTargetOptions {
  /** More strings no response may contain (e.g. the values of the environment variables the config read). */
  secrets?: readonly string[];
}

/**
 * The inspector's view of an arsenal: its pool of tools with their sources (name, kind, location without
 * credentials, live status), search through its index (sources' health as a signal), the policy view over the
 * config's toolsets and exposure, calls through its runner and policy (the served toolset; confirmation for
 * destructive tools), change events when a source's tools or status change, and the config's secrets.
 */
export function arsenalTarget(arsenal: Arsenal, options: ArsenalTargetOptions = {}): InspectTarget {
  const entries = new Map(arsenal.config.sources.map((s) => [s.name, s]));
  let byNamespace = new Map<string, SourceState>();
  const states = () => {
    byNamespace = new Map(arsenal.status().map((state) => [state.namespace, state]));
  };
  states();
  arsenal.on('status', states);
  arsenal.on('change', states);
  const secrets = [...configSecrets(arsenal), ...(options.secrets ?? [])];
  const index = arsenal.index;
  return {
    tools: () => arsenal.tools(),
    origin(tool: Tool): ToolOrigin {
      const state = tool.namespace !== undefined ? byNamespace.get(tool.namespace) : undefined;
      if (!state)
        return { kind: tool.source, ...(tool.sourceUri !== undefined && { location: tool.sourceUri }) };
      const entry = entries.get(state.name);
      const location = entry && locationOf(entry, arsenal.config.dir);
      return {
        name: state.name,
        kind: state.kind,
        ...(location !== undefined && { location }),
        status: state.status,
        ...(state.error !== undefined && { error: state.error.split('\n')[0]!.slice(0, 500) }),
      };
    },
    search: (search) =>
      index.search({
        ...search,
        context: { ...search.context, health: search.context?.health ?? arsenal.healthSignal },
      }),
    // The in-memory index exposes its weights and fusion; another backend (Postgres) draws no score breakdown.
    ...(hasScoring(index) && { scoring: { weights: index.weights, fusion: index.fusion } }),
    health(tool) {
      const health = arsenal.runner.health(tool.id);
      // A tool whose source is down fails fast whatever its call history says.
      return health && arsenal.healthSignal(tool) === 0 ? { ...health, status: 'unhealthy' } : health;
    },
    access: arsenalAccess(arsenal),
    calls: runnerCalls(arsenal.runner),
    subscribe(listener) {
      const offs = [arsenal.on('change', listener), arsenal.on('status', listener)];
      return () => {
        for (const off of offs) off();
      };
    },
    secrets: () => secrets,
  };
}

function hasScoring<T extends object>(index: T): index is T & Scoring {
  return 'weights' in index && 'fusion' in index;
}

/** Where a source reads from, credentials left out (URLs keep only origin and path). */
export function locationOf(entry: SourceConfig, dir: string): string | undefined {
  if (entry.mcp?.command !== undefined) return [entry.mcp.command, ...(entry.mcp.args ?? [])].join(' ');
  if (entry.mcp?.url !== undefined) return bareUrl(entry.mcp.url);
  if (entry.openapi) {
    const document = resolve(dir, entry.openapi.document);
    return entry.openapi.baseUrl ? `${document} → ${bareUrl(entry.openapi.baseUrl)}` : document;
  }
  if (entry.a2a) return bareUrl(entry.a2a.cardUrl);
  if (entry.module !== undefined) return resolve(dir, entry.module);
  if (entry.file !== undefined) return resolve(dir, entry.file);
  return undefined;
}

function bareUrl(text: string): string {
  try {
    const url = new URL(text);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '[unparsable URL]';
  }
}

/**
 * Every value `maskSecrets` hides in the config (credentials, header values, a child's environment, keys
 * that name a secret) and the user-info of its URLs.
 */
export function configSecrets(arsenal: Arsenal): string[] {
  const found: string[] = [];
  const walk = (original: unknown, masked: unknown, depth: number): void => {
    if (depth > 64) return;
    if (typeof original === 'string') {
      if (masked === MASK) found.push(original);
      else if (typeof masked === 'string' && masked !== original) found.push(...userInfo(original));
      return;
    }
    if (original === null || typeof original !== 'object' || masked === null || typeof masked !== 'object')
      return;
    for (const [key, value] of Object.entries(original))
      walk(value, (masked as Record<string, unknown>)[key], depth + 1);
  };
  const { sources, toolsets } = arsenal.config;
  walk({ sources, toolsets }, maskSecrets({ sources, toolsets }), 0);
  return found;
}

function userInfo(text: string): string[] {
  try {
    const url = new URL(text);
    return [url.username, url.password].map((part) => decodeURIComponent(part)).filter((p) => p !== '');
  } catch {
    return [];
  }
}
