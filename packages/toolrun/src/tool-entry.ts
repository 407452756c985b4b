import {
  type BoundArgumentValidator,
  defineTool,
  isCanonicalTool,
  type RateLimitSpec,
  type Tool,
  type ToolInput,
} from '@toolarsenal/toolmodel';
import type { ConcurrencyLimiter } from './limiter.js';
import { ToolRegistrationError } from './errors.js';
import type { ExecutionRequest, ToolHandler } from './executor.js';
import { HealthTracker } from './health.js';
import {
  type BreakerConfig,
  buildPipeline,
  type ConcurrencyLimit,
  createBulkhead,
  DEFAULT_BREAKER,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT_MS,
  type RetryConfig,
  type ToolPipeline,
} from './resilience.js';
import { TokenBucket } from './token-bucket.js';

/** Per-tool execution settings; runner-wide `defaults` apply where a tool leaves one out. */
export interface ToolRunConfig {
  /** Per-attempt deadline in ms. Default 30,000. */
  timeoutMs?: number;
  /** Retry settings, or false for none. Applies only to tools safe to repeat (see `idempotent`). */
  retry?: RetryConfig | false;
  /**
   * Declares the tool safe to repeat (retries; batch dedup). By default only tools annotated
   * `readOnlyHint` or `idempotentHint` are; set this to opt a tool in (true) or out (false).
   * As a runner-wide default it never applies to tools annotated `destructiveHint: true`.
   */
  idempotent?: boolean;
  /** Circuit breaker settings, or false for none. Default threshold 5, cooldown 30 s. */
  breaker?: BreakerConfig | false;
  /** Per-tool bulkhead. Default none. */
  concurrency?: ConcurrencyLimit | false;
  /** Per-tool token bucket. Default the tool's `cost.rateLimit`, if any. */
  rateLimit?: RateLimitSpec | false;
  /** Validate results against `outputSchema`. Default false. */
  validateOutput?: boolean;
  /** Force (true) or waive (false) confirmation for this tool, overriding the runner's policy. */
  requiresConfirmation?: boolean;
}

/** Everything the hot path needs about one tool, computed once at registration. */
export interface ToolEntry<C> {
  readonly tool: Tool;
  readonly handler?: ToolHandler<C>;
  readonly pipeline: ToolPipeline;
  readonly bucket?: TokenBucket;
  readonly confirmReason?: string;
  readonly validateOutput: boolean;
  /** The tool's input and output validators (compiled on the first call that needs them). */
  readonly validators: BoundArgumentValidator;
  /** Safe to repeat: retried on transient failures, merged with identical calls in a batch. */
  readonly idempotent: boolean;
  readonly health: HealthTracker;
  readonly toolType: 'function' | 'extension';
  /** Epoch ms when the breaker last opened (0 when never). */
  openedAt: number;
}

export interface EntryContext {
  defaults: ToolRunConfig;
  globalBulkhead?: ConcurrencyLimiter;
  confirmReason: (tool: Tool) => string | undefined;
  unhealthyAfter: number;
  now: number;
}

export function createToolEntry<C>(
  tool: Tool,
  config: ToolRunConfig,
  handler: ToolHandler<C> | undefined,
  validators: BoundArgumentValidator,
  ctx: EntryContext,
): ToolEntry<C> {
  const pick = <K extends keyof ToolRunConfig>(key: K): ToolRunConfig[K] =>
    config[key] !== undefined ? config[key] : ctx.defaults[key];

  // A runner-wide `idempotent: true` is a blanket default: it must not make a tool annotated
  // destructive retryable. Only the tool's own registration can say that.
  const defaultIdempotent = tool.annotations.destructiveHint === true ? undefined : ctx.defaults.idempotent;
  const safeToRepeat =
    config.idempotent ??
    defaultIdempotent ??
    (tool.annotations.readOnlyHint === true || tool.annotations.idempotentHint === true);
  const retryConfig = pick('retry');
  const breakerConfig = pick('breaker');
  const concurrency = pick('concurrency');
  const rateLimit = pick('rateLimit') ?? tool.cost?.rateLimit;
  const forced = pick('requiresConfirmation');

  let pipeline: ToolPipeline;
  try {
    pipeline = buildPipeline({
      timeoutMs: pick('timeoutMs') ?? DEFAULT_TIMEOUT_MS,
      ...(safeToRepeat && retryConfig !== false ? { retry: { ...DEFAULT_RETRY, ...retryConfig } } : {}),
      ...(breakerConfig !== false ? { breaker: { ...DEFAULT_BREAKER, ...breakerConfig } } : {}),
      ...(concurrency ? { toolBulkhead: createBulkhead(concurrency, 'concurrency') } : {}),
      ...(ctx.globalBulkhead ? { globalBulkhead: ctx.globalBulkhead } : {}),
    });
  } catch (error) {
    throw new ToolRegistrationError(`tool "${tool.name}": ${(error as Error).message}`, { cause: error });
  }
  const confirmReason =
    forced === true
      ? 'the tool is configured to require confirmation'
      : forced === false
        ? undefined
        : ctx.confirmReason(tool);
  const entry: ToolEntry<C> = {
    tool,
    pipeline,
    validateOutput: pick('validateOutput') ?? false,
    validators,
    idempotent: safeToRepeat,
    health: new HealthTracker(tool.name, tool.id, pipeline.breaker !== undefined, ctx.unhealthyAfter),
    toolType: handler ? 'function' : 'extension',
    openedAt: 0,
    ...(handler ? { handler } : {}),
    ...(rateLimit ? { bucket: new TokenBucket(rateLimit, ctx.now) } : {}),
    ...(confirmReason ? { confirmReason } : {}),
  };
  return entry;
}

/** Calls a local handler with the request, so handler tools skip the executor lookup. */
export function callHandler<C>(handler: ToolHandler<C>, request: ExecutionRequest<C>): unknown {
  return handler(request.arguments, request);
}

/** A tool toolmodel built (`isCanonicalTool`) as is; anything else, frozen look-alikes too, is parsed with `defineTool`. */
export function toTool(tool: Tool | ToolInput): Tool {
  if (isCanonicalTool(tool)) return tool;
  try {
    return defineTool(tool as ToolInput);
  } catch (error) {
    throw new ToolRegistrationError(`invalid tool definition: ${(error as Error).message}`, { cause: error });
  }
}
