import {
  createMcpHandler,
  type McpHandlerRequestOptions,
  type McpHttpHandler,
  type McpRequestContext,
  type Server,
} from '@modelcontextprotocol/server';
import { createIndex, type ToolIndex, type ToolIndexLike, type ToolSignal } from '@toolarsenal/toolindex';
import { compileGlobs, parseTool, type Tool, type ToolInput } from '@toolarsenal/toolmodel';
import { createRunner, type Executor, type Runner } from '@toolarsenal/toolrun';
import { isProvider, type ToolProvider, type Toolset } from '@toolarsenal/toolset';
import { McpError } from '../errors.js';
import { createAccessCheck, defaultPrincipal, type PrincipalResolver } from './access.js';
import { Catalog } from './catalog.js';
import { type ConfirmationOptions, Confirmations } from './confirmation.js';
import { createServerInstance, type McpServeMode, type ServerShared } from './instance.js';
import { DEFAULT_MAX_RESULT_LENGTH, toCallToolResult } from './result-format.js';

export interface CreateMcpServerOptions {
  /** The served set: its members are served and its policy decides every listing and call. */
  toolset?: Toolset;
  /** Tools to serve when there is no toolset: an array, or a provider (a `McpPool`, an index…). */
  tools?: readonly (Tool | ToolInput)[] | ToolProvider;
  /** Retrieval for `find_tools` (any backend: in memory, Postgres…). Default: an in-memory lexical index kept in sync with the tools. */
  index?: ToolIndexLike;
  /**
   * Runs calls, and decides access: listings, searches and descriptions ask `runner.authorize`.
   * Default: a runner with every served tool registered, `executors`, and the toolset as its
   * policy. With a `toolset`, your own runner must have it as its policy
   * (`createRunner({ policy: toolset })`), so serving and calling share one decision.
   */
  runner?: Runner;
  /** Executors for the default runner (e.g. `pool.executor` to serve MCP servers' tools). */
  executors?: readonly Executor[];
  /** `dynamic` (default): only find/describe/call; `static`: every tool; `hybrid`: `pinned` tools plus the meta-tools. */
  mode?: McpServeMode;
  /** Hybrid mode: tools listed directly, by served name, canonical id or glob over either. */
  pinned?: readonly string[];
  /** Server identity. Default `{ name: 'toolarsenal', version: '0.0.0' }`. */
  name?: string;
  version?: string;
  instructions?: string;
  /** The caller of a request, from the transport's auth info. Default: the OAuth client and its scopes. */
  principal?: PrincipalResolver;
  confirmation?: ConfirmationOptions;
  /** `ttlMs` of 2026-07-28 `tools/list` results. Default 300,000 in dynamic mode, 60,000 otherwise. */
  listTtlMs?: number;
  /** Delay that coalesces bursts of changes into one `notifications/tools/list_changed` (ms). Default 100. */
  listChangedDebounceMs?: number;
  /** Longest text of one call result, in characters. Default 100,000. */
  maxResultLength?: number;
  /** Health signal for ranking (e.g. `pool.health`: a dead server's tools drop out of `find_tools`). */
  health?: ToolSignal;
  /** Out-of-band errors (reporting only). */
  onError?: (error: Error) => void;
}

/**
 * A ToolArsenal MCP server: serve it over HTTP with `fetch` (web-standard, both protocol eras on
 * one endpoint, stateless), over stdio with `serveStdio` from `@toolarsenal/mcp/stdio`, or on a
 * Node port with `listen` from `@toolarsenal/mcp/node`.
 */
export interface ToolArsenalMcpServer {
  readonly mode: McpServeMode;
  /** Answers one HTTP request (POST/GET/DELETE on the MCP endpoint). Pass verified `authInfo`. */
  fetch(request: Request, options?: McpHandlerRequestOptions): Promise<Response>;
  /**
   * Makes an SDK server for one 2025-era connection (connect it to any transport). For both
   * eras on a custom transport use `serveStdio(server, { transport })`, which negotiates.
   */
  factory(ctx?: Partial<McpRequestContext>): Server;
  /** The served tools (before per-caller policy). */
  tools(): readonly Tool[];
  /** Tells listening clients the list changed (done automatically when the source reports changes). */
  notifyToolsChanged(): void;
  close(): Promise<void>;
}

const MODES: readonly McpServeMode[] = ['static', 'dynamic', 'hybrid'];

export function createMcpServer(options: CreateMcpServerOptions = {}): ToolArsenalMcpServer {
  const mode = options.mode ?? 'dynamic';
  if (!MODES.includes(mode))
    throw new McpError(
      'MCP_INVALID_OPTIONS',
      `createMcpServer: mode must be static, dynamic or hybrid, got ${JSON.stringify(mode)}`,
    );
  if (options.toolset && options.tools)
    throw new McpError('MCP_INVALID_OPTIONS', 'createMcpServer: give either `toolset` or `tools`, not both');
  const source = toolSource(options);
  const catalog = new Catalog(source.read);
  const ownIndex = options.index === undefined;
  const index: ToolIndexLike = options.index ?? createIndex();
  const ownRunner = options.runner === undefined;
  if (options.toolset && options.runner && options.runner.policy !== options.toolset)
    throw new McpError(
      'MCP_INVALID_OPTIONS',
      'createMcpServer: with a `toolset`, the `runner` must have it as its policy (createRunner({ policy: toolset }))',
    );
  const runner =
    options.runner ??
    createRunner({
      executors: options.executors ?? [],
      ...(options.toolset ? { policy: options.toolset } : {}),
    });
  const pinned = compilePinned(options.pinned ?? [], mode);
  const instances = new Set<Server>();
  let handler: McpHttpHandler | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let synced: readonly Tool[] = [];

  const sync = () => {
    const tools = catalog.tools();
    if (ownIndex) syncIndex(index as ToolIndex, synced, tools);
    if (ownRunner) syncRunner(runner, synced, tools, options.onError);
    synced = tools;
  };
  const notifyNow = () => {
    timer = undefined;
    if (mode === 'dynamic') return;
    handler?.notify.toolsChanged();
    for (const server of instances) server.sendToolListChanged().catch(() => undefined);
  };
  const onChange = () => {
    catalog.invalidate();
    sync();
    if (timer === undefined) {
      timer = setTimeout(notifyNow, options.listChangedDebounceMs ?? 100);
      timer.unref?.();
    }
  };
  sync();
  const unsubscribe = source.subscribe?.(onChange);

  const shared: ServerShared = {
    info: { name: options.name ?? 'toolarsenal', version: options.version ?? '0.0.0' },
    ...(options.instructions !== undefined ? { instructions: options.instructions } : {}),
    mode,
    catalog,
    index,
    runner,
    access: createAccessCheck(runner),
    principal: options.principal ?? defaultPrincipal,
    confirmations: new Confirmations(options.confirmation),
    isPinned: (tool) => pinned(tool, catalog.nameOf(tool)),
    format: (result) => toCallToolResult(result, options.maxResultLength ?? DEFAULT_MAX_RESULT_LENGTH),
    listTtlMs: options.listTtlMs ?? (mode === 'dynamic' ? 300_000 : 60_000),
    ...(options.health ? { health: options.health } : {}),
    ...(options.onError ? { onerror: options.onError } : {}),
  };

  const factory = (ctx: Partial<McpRequestContext> = {}): Server => {
    const server = createServerInstance(shared, { era: ctx.era ?? 'legacy', ...ctx });
    // Per-request HTTP instances end with their request; connection instances get list changes.
    if (!ctx.requestInfo) {
      instances.add(server);
      server.onclose = () => instances.delete(server);
    }
    return server;
  };

  return {
    mode,
    fetch(request, requestOptions) {
      handler ??= createMcpHandler(
        (ctx) => factory(ctx),
        options.onError ? { onerror: options.onError } : {},
      );
      return handler.fetch(request, requestOptions);
    },
    factory,
    tools: () => catalog.tools(),
    notifyToolsChanged: () => {
      catalog.invalidate();
      notifyNow();
    },
    async close() {
      clearTimeout(timer);
      unsubscribe?.();
      const closing = [...instances].map((s) => s.close().catch(() => undefined));
      instances.clear();
      await Promise.all([...closing, handler?.close()]);
    },
  };
}

interface Source {
  read: () => readonly Tool[];
  subscribe?: (listener: () => void) => () => void;
}

function toolSource(options: CreateMcpServerOptions): Source {
  if (options.toolset) {
    const set = options.toolset;
    return { read: () => set.tools(), subscribe: (l) => set.subscribe(l) };
  }
  const tools = options.tools ?? [];
  if (isProvider(tools)) {
    const provider = tools;
    const read = () => {
      const listed = provider.list();
      return Array.isArray(listed) ? (listed as Tool[]) : [...(listed as Iterable<Tool>)];
    };
    const subscribe =
      typeof provider.subscribe === 'function'
        ? (l: () => void) => provider.subscribe!(l)
        : typeof provider.onChange === 'function'
          ? (l: () => void) => provider.onChange!(l)
          : undefined;
    return subscribe ? { read, subscribe } : { read };
  }
  if (!Array.isArray(tools))
    throw new McpError(
      'MCP_INVALID_OPTIONS',
      'createMcpServer: `tools` must be an array of tools or a tool provider',
    );
  const parsed = Object.freeze(tools.map((t) => parseTool(t as ToolInput)));
  return { read: () => parsed };
}

function compilePinned(
  patterns: readonly string[],
  mode: McpServeMode,
): (tool: Tool, name: string) => boolean {
  if (patterns.length > 0 && mode !== 'hybrid')
    throw new McpError('MCP_INVALID_OPTIONS', 'createMcpServer: `pinned` is for mode "hybrid"');
  if (patterns.length === 0) return () => false;
  let matches: (value: string) => boolean;
  try {
    matches = compileGlobs(patterns);
  } catch (error) {
    throw new McpError('MCP_INVALID_OPTIONS', `createMcpServer: pinned: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return (tool, name) => matches(name) || matches(tool.id) || matches(tool.name);
}

function syncIndex(index: ToolIndex, before: readonly Tool[], after: readonly Tool[]): void {
  const keep = new Set(after.map((t) => t.id));
  const gone = before.filter((t) => !keep.has(t.id)).map((t) => t.id);
  if (gone.length > 0) index.remove(gone);
  if (after.length > 0) index.upsert(after);
}

function syncRunner(
  runner: Runner,
  before: readonly Tool[],
  after: readonly Tool[],
  onError?: (e: Error) => void,
): void {
  const keep = new Set(after.map((t) => t.id));
  for (const tool of before) if (!keep.has(tool.id)) runner.unregister(tool.id);
  const had = new Map(before.map((t) => [t.id, t.contentHash]));
  for (const tool of after) {
    if (had.get(tool.id) === tool.contentHash && runner.get(tool.id)) continue;
    try {
      runner.register(tool);
    } catch (error) {
      onError?.(error as Error);
    }
  }
}
