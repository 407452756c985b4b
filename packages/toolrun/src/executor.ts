import type { JsonObject, NormalizedPrincipal, Tool } from '@toolarsenal/toolmodel';

/** A progress or streaming update an executor reports while a call runs. */
export type ExecutionUpdate =
  | { type: 'progress'; progress: number; total?: number; message?: string }
  | { type: 'partial'; data: unknown }
  | { type: 'log'; level: 'debug' | 'info' | 'warning' | 'error'; message: string };

/** Everything an executor needs for one attempt of one call. */
export interface ExecutionRequest<C = unknown> {
  tool: Tool;
  /** Validated, hostile-input-checked arguments. Treat as read-only. */
  arguments: JsonObject;
  /** Aborted on timeout, on caller cancellation, or when the runner gives up. Honour it. */
  signal: AbortSignal;
  callId: string;
  /** 1 for the first attempt, 2 for the first retry… */
  attempt: number;
  /** Epoch ms when this attempt times out. */
  deadline: number;
  /** Who is calling: the normalised principal (known fields only, frozen). */
  principal?: NormalizedPrincipal;
  /** Caller-supplied context passed through untouched (request ids, user sessions, clients…). */
  context?: C;
  /** Reports progress / partial output to the caller's `onUpdate`; cheap no-op when nobody listens. */
  report(update: ExecutionUpdate): void;
}

/**
 * Runs tools of one source. Protocol packages implement this (MCP `tools/call`, HTTP for
 * OpenAPI operations, A2A tasks) and register it with `runner.registerExecutor`.
 * Return the tool's output (a JSON value, or a `ToolOutput` carrying content blocks too);
 * throw `ToolExecutionError` (with `retryable`) for failures.
 * Executors need not implement timeouts, retries or limits: the runner wraps every attempt.
 */
export interface Executor<C = unknown> {
  /** The `tool.source` this executor serves, e.g. `mcp`, `openapi`, `a2a`. */
  readonly source: string;
  execute(request: ExecutionRequest<C>): unknown;
  /** Checked at registration; return false to refuse a tool (e.g. missing `sourceMeta`). */
  canExecute?(tool: Tool): boolean;
  /** Releases connections; called by `runner.close()`. */
  close?(): void | Promise<void>;
}

/** A local tool implementation. Receives validated arguments and the request (signal, context…). */
export type ToolHandler<C = unknown> = (args: JsonObject, request: ExecutionRequest<C>) => unknown;

/** The built-in executor for in-process functions: one handler per tool name. */
export interface FunctionExecutor<C = unknown> extends Executor<C> {
  register(name: string, handler: ToolHandler<C>): void;
  unregister(name: string): boolean;
  has(name: string): boolean;
}

/** Creates a local-function executor (source `function`). The runner makes one for you. */
export function createFunctionExecutor<C = unknown>(source = 'function'): FunctionExecutor<C> {
  const handlers = new Map<string, ToolHandler<C>>();
  return {
    source,
    execute(request) {
      const handler = handlers.get(request.tool.name);
      if (!handler) throw new Error(`no handler registered for tool "${request.tool.name}"`);
      return handler(request.arguments, request);
    },
    canExecute: (tool) => handlers.has(tool.name),
    register(name, handler) {
      if (typeof handler !== 'function') throw new TypeError(`handler for "${name}" must be a function`);
      handlers.set(name, handler);
    },
    unregister: (name) => handlers.delete(name),
    has: (name) => handlers.has(name),
  };
}
