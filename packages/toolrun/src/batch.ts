import { setMaxListeners } from 'node:events';
import { canonicalJson, type Tool } from '@toolarsenal/toolmodel';
import type { DecodedArguments } from './decode-arguments.js';
import { InvalidOptionsError, ToolRunError } from './errors.js';
import type { RunOptions } from './runner-options.js';
import { newCallId, spanIds } from './tracing.js';
import type { ToolCall, ToolResult, ToolResultStatus } from './types.js';

export type BatchStrategy = 'parallel' | 'sequential' | 'adaptive';

export interface BatchOptions<C = unknown> extends Omit<RunOptions<C>, 'onUpdate'> {
  /**
   * `parallel` (default) starts every call at once (bulkheads still cap concurrency);
   * `sequential` runs them in order; `adaptive` runs read-only tools in parallel and
   * the others one at a time in order, both lanes side by side.
   */
  strategy?: BatchStrategy;
  /** Stop at the first failure: in-flight calls are cancelled, unstarted ones skipped. Default false. */
  failFast?: boolean;
  /**
   * Most distinct calls run per batch (an integer ≥ 0); the rest come back `skipped`
   * (`MAX_CALLS_EXCEEDED`). Default unlimited.
   */
  maxCalls?: number;
  /**
   * Identical calls (same tool, canonically equal arguments) run once and share the outcome
   * (each duplicate gets its own copy of the result). `safe` (default): only for tools that are
   * safe to repeat (annotated `readOnlyHint`/`idempotentHint` or registered `idempotent: true`),
   * so two identical `send_email` calls still send twice; `all`: every tool; `false`: never.
   */
  dedupe?: 'safe' | 'all' | false;
  /** Calls in flight at once within a parallel lane (an integer ≥ 1). Default unlimited. */
  concurrency?: number;
  onUpdate?: RunOptions<C>['onUpdate'];
}

export interface BatchResult {
  /** One result per input call, in input order (duplicates share the original's outcome). */
  results: ToolResult[];
  /** Calls that reached `run` (after dedup and skipping). */
  executed: number;
  deduplicated: number;
  skipped: number;
  succeeded: number;
  failed: number;
  /** Set when an exclusive tool claimed the batch; other tools' calls were skipped. */
  exclusive?: { toolName: string; callId: string };
  /** Set when a control-taking tool was called: it ran last; the orchestrator should hand over. */
  handoff?: { toolName: string; callId: string; status: ToolResultStatus };
  /** Human-readable notes about dedup and skips, for logs. */
  warnings: string[];
}

/** What the batch needs from the runner (kept narrow so it stays testable). */
export interface BatchHost<C> {
  lookup(nameOrId: string): { tool: Tool; idempotent: boolean } | undefined;
  decode(call: ToolCall): DecodedArguments;
  runCall(call: ToolCall, options: RunOptions<C>, decoded: DecodedArguments | undefined): Promise<ToolResult>;
}

interface Item {
  index: number;
  call: ToolCall & { id: string };
  tool?: Tool;
  idempotent: boolean;
  decoded?: DecodedArguments;
}

const isFailure = (r: ToolResult) => !r.ok && r.status !== 'pending_confirmation';

export async function runBatch<C>(
  host: BatchHost<C>,
  calls: readonly ToolCall[],
  options: BatchOptions<C>,
): Promise<BatchResult> {
  if (!Array.isArray(calls)) throw new InvalidOptionsError('runBatch expects an array of tool calls');
  checkOptions(options);
  const {
    strategy = 'parallel',
    failFast = false,
    maxCalls = Number.POSITIVE_INFINITY,
    dedupe = 'safe',
  } = options;
  const results: (ToolResult | undefined)[] = new Array(calls.length);
  const warnings: string[] = [];
  const items: Item[] = calls.map((call, index) => {
    const id = typeof call?.id === 'string' && call.id !== '' ? call.id : newCallId();
    const name = typeof call?.name === 'string' ? call.name : String(call?.name);
    const entry = host.lookup(name);
    return {
      index,
      call: { ...call, id, name },
      idempotent: entry?.idempotent ?? false,
      ...(entry ? { tool: entry.tool } : {}),
    };
  });

  // 1. Dedup: identical calls run once and share the outcome.
  const duplicates = new Map<number, Item>();
  let unique = items;
  if (dedupe !== false) {
    const seen = new Map<string, Item>();
    unique = [];
    for (const item of items) {
      item.decoded = host.decode(item.call);
      const mergeable = item.tool !== undefined && (dedupe === 'all' || item.idempotent);
      const key =
        mergeable && item.decoded.ok
          ? `${item.tool?.id ?? item.call.name}\u0000${canonicalJson(item.decoded.args)}`
          : undefined;
      const first = key === undefined ? undefined : seen.get(key);
      if (first) duplicates.set(item.index, first);
      else {
        if (key !== undefined) seen.set(key, item);
        unique.push(item);
      }
    }
    if (duplicates.size > 0) warnings.push(`${duplicates.size} duplicate call(s) were run once`);
  }

  // 2. Call budget.
  let allowed = unique;
  if (unique.length > maxCalls) {
    allowed = unique.slice(0, Math.max(0, maxCalls));
    for (const item of unique.slice(allowed.length)) {
      results[item.index] = skipped(
        item,
        'MAX_CALLS_EXCEEDED',
        `Not run: at most ${maxCalls} tool calls are allowed per turn. Call it again next turn if it is still needed.`,
      );
    }
    warnings.push(`${unique.length - allowed.length} call(s) over maxCalls=${maxCalls} were skipped`);
  }

  // 3. Exclusive tools run alone.
  let exclusive: BatchResult['exclusive'];
  const claimant = allowed.find((item) => item.tool?.exclusive);
  if (claimant?.tool) {
    exclusive = { toolName: claimant.tool.name, callId: claimant.call.id };
    const keep: Item[] = [];
    for (const item of allowed) {
      if (item.tool?.id === claimant.tool.id) keep.push(item);
      else {
        results[item.index] = skipped(
          item,
          'EXCLUSIVE_CONFLICT',
          `Not run: tool "${claimant.tool.name}" must be the only tool used in this turn.`,
        );
      }
    }
    if (keep.length < allowed.length) warnings.push(`exclusive tool "${claimant.tool.name}" ran alone`);
    allowed = keep;
  }

  // 4. Control-taking tools run last, one per batch.
  let handoffItem: Item | undefined;
  const regular: Item[] = [];
  for (const item of allowed) {
    if (!item.tool?.takesControl) regular.push(item);
    else if (!handoffItem) handoffItem = item;
    else {
      results[item.index] = skipped(
        item,
        'CONTROL_CONFLICT',
        `Not run: control is already being handed to "${handoffItem.tool?.name}" in this turn.`,
      );
    }
  }

  // 5. Execute.
  const abort = failFast ? new AbortController() : undefined;
  // Every in-flight call listens on the batch signal; that is expected, not a leak.
  if (abort) setMaxListeners(calls.length + 10, abort.signal);
  const unlink = abort && options.signal ? link(options.signal, abort) : undefined;
  const { strategy: _s, failFast: _f, maxCalls: _m, dedupe: _d, concurrency, ...runOptions } = options;
  if (abort) runOptions.signal = abort.signal;
  let stopped = false;
  const runItem = async (item: Item): Promise<void> => {
    if (stopped) {
      results[item.index] = skipped(item, 'FAIL_FAST', 'Not run: an earlier call in this batch failed.');
      return;
    }
    const result = await host.runCall(item.call, runOptions, item.decoded);
    results[item.index] = result;
    if (failFast && isFailure(result) && !stopped) {
      stopped = true;
      abort?.abort();
    }
  };
  try {
    if (strategy === 'sequential') await sequential(regular, runItem);
    else if (strategy === 'adaptive') {
      const reads = regular.filter((i) => i.tool?.annotations.readOnlyHint === true);
      const writes = regular.filter((i) => i.tool?.annotations.readOnlyHint !== true);
      await Promise.all([pool(reads, runItem, concurrency), sequential(writes, runItem)]);
    } else await pool(regular, runItem, concurrency);
    if (handoffItem) await runItem(handoffItem);
  } finally {
    unlink?.();
  }

  // 6. Duplicates share their original's outcome under their own call id, each with its own copy.
  for (const [index, first] of duplicates) {
    const original = results[first.index];
    const item = items[index] as Item;
    if (original) results[index] = duplicateResult(original, item.call.id, first.call.id, warnings);
  }

  const final = results as ToolResult[];
  const handoffResult = handoffItem ? final[handoffItem.index] : undefined;
  const out: BatchResult = {
    results: final,
    executed: final.filter((r, i) => r.status !== 'skipped' && !duplicates.has(i)).length,
    deduplicated: duplicates.size,
    skipped: final.filter((r) => r.status === 'skipped').length,
    succeeded: final.filter((r) => r.ok).length,
    failed: final.filter((r) => isFailure(r) && r.status !== 'skipped').length,
    warnings,
  };
  if (exclusive) out.exclusive = exclusive;
  if (handoffItem?.tool && handoffResult) {
    out.handoff = {
      toolName: handoffItem.tool.name,
      callId: handoffItem.call.id,
      status: handoffResult.status,
    };
  }
  return out;
}

async function sequential(items: readonly Item[], run: (item: Item) => Promise<void>): Promise<void> {
  for (const item of items) await run(item);
}

/** Runs items with at most `limit` in flight, starting them in order. */
async function pool(
  items: readonly Item[],
  run: (item: Item) => Promise<void>,
  limit = Number.POSITIVE_INFINITY,
): Promise<void> {
  if (limit >= items.length) {
    await Promise.all(items.map(run));
    return;
  }
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as Item);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

function skipped(item: Item, code: string, message: string): ToolResult {
  const now = performance.timeOrigin + performance.now();
  const result: ToolResult = {
    callId: item.call.id,
    toolName: item.call.name,
    status: 'skipped',
    ok: false,
    error: new ToolRunError('skipped', code, message, { retryable: code === 'MAX_CALLS_EXCEEDED' }),
    attempt: 0,
    timings: { queuedAt: now, completedAt: now, waitMs: 0, latencyMs: 0, totalMs: 0 },
    ...spanIds(undefined),
  };
  if (item.tool) {
    result.toolId = item.tool.id;
    if (item.tool.takesControl) result.takesControl = true;
  }
  return result;
}

function link(parent: AbortSignal, child: AbortController): () => void {
  if (parent.aborted) {
    child.abort();
    return () => {};
  }
  const onAbort = () => child.abort();
  parent.addEventListener('abort', onAbort, { once: true });
  return () => parent.removeEventListener('abort', onAbort);
}

/** A duplicate's result: the original's outcome under its own call id, with independent copies. */
function duplicateResult(
  original: ToolResult,
  callId: string,
  duplicateOf: string,
  warnings: string[],
): ToolResult {
  const copy: ToolResult = { ...original, callId, duplicateOf, timings: { ...original.timings } };
  try {
    if (original.result !== undefined) copy.result = structuredClone(original.result);
    if (original.content !== undefined) copy.content = structuredClone(original.content);
  } catch {
    warnings.push(
      `the result of call ${duplicateOf} cannot be copied; its duplicate ${callId} shares the same object`,
    );
  }
  return copy;
}

function checkOptions(options: BatchOptions<unknown>): void {
  const { maxCalls, concurrency, strategy, dedupe } = options;
  if (maxCalls !== undefined && !(Number.isInteger(maxCalls) && maxCalls >= 0))
    throw new InvalidOptionsError(
      `maxCalls must be an integer >= 0 (omit it for no limit), got ${String(maxCalls)}`,
    );
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1))
    throw new InvalidOptionsError(`concurrency must be an integer >= 1, got ${String(concurrency)}`);
  if (
    strategy !== undefined &&
    strategy !== 'parallel' &&
    strategy !== 'sequential' &&
    strategy !== 'adaptive'
  )
    throw new InvalidOptionsError(`unknown batch strategy ${JSON.stringify(String(strategy))}`);
  if (dedupe !== undefined && dedupe !== 'safe' && dedupe !== 'all' && dedupe !== false)
    throw new InvalidOptionsError(
      `dedupe must be 'safe', 'all' or false, got ${JSON.stringify(String(dedupe))}`,
    );
}
