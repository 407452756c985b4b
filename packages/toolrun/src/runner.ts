import type { Span } from '@opentelemetry/api';
import {
  type AccessDecision,
  type AccessPolicy,
  type ArgumentValidation,
  type ArgumentValidator,
  createArgumentValidator,
  type JsonLimits,
  type JsonObject,
  type NormalizedPrincipal,
  type PolicyAction,
  type Tool,
  type ToolInput,
} from '@toolarsenal/toolmodel';
import { checkDeclaredNeeds, decide, principalOf } from './access.js';
import type { ConcurrencyLimiter } from './limiter.js';
import { type BatchOptions, type BatchResult, runBatch } from './batch.js';
import {
  buildResult,
  type CallState,
  clock,
  confirmationRequiredError,
  internalError,
  newState,
  notFoundError,
} from './call-state.js';
import { ConfirmationStore, hashArguments, type Pending, takePending } from './confirmations.js';
import {
  DEFAULT_MAX_ARGUMENTS_LENGTH,
  type DecodedArguments,
  decodeArguments,
  invalidArgumentsError,
} from './decode-arguments.js';
import { ToolRegistrationError, ToolRunError } from './errors.js';
import { lazyValidators, nonLinearPattern, SCHEMA_UNCOMPILABLE } from './lazy-validators.js';
import type { RunnerEventListener, RunnerEventName } from './events.js';
import { type ExecuteDeps, executeCall } from './execute-call.js';
import {
  createFunctionExecutor,
  type Executor,
  type FunctionExecutor,
  type ToolHandler,
} from './executor.js';
import type { ToolHealth } from './health.js';
import { RunObserver } from './observer.js';
import { compileConfirmationPolicy, explainInvalidConfirmationPolicy } from './policy.js';
import { type RateLimitStores, takeRateTokens } from './rate-limits.js';
import { createBulkhead } from './resilience.js';
import type { ConfirmOptions, RunnerOptions, RunOptions, ToolRegistration } from './runner-options.js';
import { suggestNames } from '@toolarsenal/toolmodel';
import { KeyedBuckets } from './token-bucket.js';
import {
  createToolEntry,
  type EntryContext,
  type ToolEntry,
  type ToolRunConfig,
  toTool,
} from './tool-entry.js';
import { newCallId } from './tracing.js';
import type { ToolCall, ToolResult } from './types.js';

/**
 * Executes tool calls safely. Create with `createRunner`. Every outcome, including a tool's
 * own failure, comes back as a `ToolResult`; methods throw only for programmer errors.
 */
export class Runner<C = unknown> {
  /** The built-in local-function executor (source `function`). */
  readonly functions: FunctionExecutor<C>;
  /** Registered tools by id: tools of two namespaces may share a name. */
  private readonly byId = new Map<string, ToolEntry<C>>();
  /** Ids by bare name; a name held by several tools is ambiguous for callers. */
  private readonly byName = new Map<string, string[]>();
  private readonly executors = new Map<string, Executor<C>>();
  private readonly observer: RunObserver;
  private readonly deps: ExecuteDeps<C>;
  private readonly validator: ArgumentValidator;
  private readonly entryContext: Omit<EntryContext, 'now'>;
  private readonly rateLimits: RateLimitStores;
  private readonly confirmations: ConfirmationStore<Pending<C>>;
  private readonly jsonLimits: Partial<JsonLimits>;
  private readonly maxArgumentsLength: number;
  private readonly defaultPrincipal: NormalizedPrincipal;
  /** The access policy the runner enforces (`createRunner({ policy })`), if any. */
  readonly policy: AccessPolicy | undefined;

  constructor(options: RunnerOptions<C> = {}) {
    this.validator = options.validator ?? createArgumentValidator();
    this.observer = new RunObserver(options);
    this.deps = { executors: this.executors, observer: this.observer };
    const confirmation =
      options.confirmation === false
        ? { patterns: [], destructive: false, destructiveNames: false }
        : options.confirmation;
    let globalBulkhead: ConcurrencyLimiter | undefined;
    let defaultPrincipal: NormalizedPrincipal | ToolRunError;
    try {
      if (options.concurrency) globalBulkhead = createBulkhead(options.concurrency, 'concurrency');
      const keys = options.rateLimitKeys ?? 10_000;
      this.rateLimits = {
        principals: options.principalRateLimit
          ? new KeyedBuckets(options.principalRateLimit, keys)
          : undefined,
        obligations: new KeyedBuckets(undefined, keys),
      };
      const problem = confirmation ? explainInvalidConfirmationPolicy(confirmation) : undefined;
      if (problem) throw new Error(problem);
      defaultPrincipal = principalOf(options.defaultPrincipal ?? { id: 'anonymous' });
      if (ToolRunError.isInstance(defaultPrincipal))
        throw new Error(`defaultPrincipal: ${defaultPrincipal.message}`);
      if (options.policy !== undefined && typeof options.policy?.evaluate !== 'function')
        throw new Error('policy must have an evaluate(principal, tool, action) method');
    } catch (error) {
      throw new ToolRegistrationError(`invalid runner options: ${(error as Error).message}`, {
        cause: error,
      });
    }
    this.defaultPrincipal = defaultPrincipal;
    this.policy = options.policy;
    this.entryContext = {
      defaults: options.defaults ?? {},
      confirmReason: compileConfirmationPolicy(confirmation ?? {}),
      unhealthyAfter: options.unhealthyAfter ?? 5,
      ...(globalBulkhead ? { globalBulkhead } : {}),
    };
    this.confirmations = new ConfirmationStore(
      confirmation?.ttlMs ?? 300_000,
      confirmation?.maxPending ?? 1_000,
    );
    const { maxArgumentsLength, ...jsonLimits } = options.limits ?? {};
    this.jsonLimits = jsonLimits;
    this.maxArgumentsLength = maxArgumentsLength ?? DEFAULT_MAX_ARGUMENTS_LENGTH;
    this.functions = createFunctionExecutor<C>();
    this.executors.set(this.functions.source, this.functions);
    for (const executor of options.executors ?? []) this.registerExecutor(executor);
    for (const item of options.tools ?? []) {
      if (typeof item === 'object' && item !== null && 'tool' in item) {
        const { tool, ...config } = item as ToolRegistration<C>;
        this.register(tool, config);
      } else {
        this.register(item as Tool | ToolInput);
      }
    }
  }

  /** Adds (or replaces) the executor for `executor.source`. */
  registerExecutor(executor: Executor<C>): void {
    if (!executor || typeof executor.source !== 'string' || typeof executor.execute !== 'function') {
      throw new ToolRegistrationError('an executor needs a string `source` and an `execute` function');
    }
    this.executors.set(executor.source, executor);
  }

  /**
   * Registers a tool (a canonical `Tool` or a `ToolInput` to parse) with an optional local
   * handler and per-tool settings. Compiles its policies now; its validators compile on its first call.
   */
  register(
    tool: Tool | ToolInput,
    handlerOrConfig?: ToolHandler<C> | (ToolRunConfig & { handler?: ToolHandler<C> }),
  ): Tool {
    const canonical = toTool(tool);
    const { handler, ...config } =
      typeof handlerOrConfig === 'function' ? { handler: handlerOrConfig } : (handlerOrConfig ?? {});
    if (handler !== undefined && typeof handler !== 'function') {
      throw new ToolRegistrationError(`handler for "${canonical.name}" must be a function`);
    }
    if (!handler) {
      const executor = this.executors.get(canonical.source);
      if (executor?.canExecute && executor !== this.functions && !executor.canExecute(canonical)) {
        throw new ToolRegistrationError(`executor "${canonical.source}" refuses tool "${canonical.name}"`);
      }
    }
    // Validators compile on the tool's first call (see lazyValidators); registration keeps the
    // cheap check that compilation alone would otherwise report.
    const problem = nonLinearPattern(
      canonical,
      config.validateOutput ?? this.entryContext.defaults.validateOutput ?? false,
    );
    if (problem) throw new ToolRegistrationError(`tool "${canonical.name}": ${problem}`);
    const validators = lazyValidators(this.validator, canonical);
    const entry = createToolEntry(canonical, config, handler, validators, {
      ...this.entryContext,
      now: clock(),
    });
    this.observer.watchBreaker(entry as ToolEntry<unknown>);
    this.unregister(canonical.id);
    this.byId.set(canonical.id, entry);
    const ids = this.byName.get(canonical.name);
    if (ids) ids.push(canonical.id);
    else this.byName.set(canonical.name, [canonical.id]);
    return canonical;
  }

  /**
   * Removes a tool by id, or by name when exactly one tool has it; pending confirmations for it
   * then resolve as `not_found`. A name several tools share throws `ToolRegistrationError`
   * naming them (remove by id).
   */
  unregister(nameOrId: string): boolean {
    const entry = this.resolve(nameOrId);
    if (entry instanceof ToolRunError) throw new ToolRegistrationError(entry.message);
    if (!entry) return false;
    const { id, name } = entry.tool;
    this.byId.delete(id);
    const ids = this.byName.get(name)?.filter((other) => other !== id) ?? [];
    if (ids.length > 0) this.byName.set(name, ids);
    else this.byName.delete(name);
    return true;
  }

  /** A registered tool by id, or by name when exactly one tool has it (undefined when ambiguous). */
  get(nameOrId: string): Tool | undefined {
    return this.lookup(nameOrId)?.tool;
  }

  tools(): Tool[] {
    return [...this.byId.values()].map((e) => e.tool);
  }

  /** Subscribes to structured events; returns the unsubscribe function. */
  on<K extends RunnerEventName>(name: K, listener: RunnerEventListener<K>): () => void {
    return this.observer.events.on(name, listener);
  }

  /** Health of every tool, or of one (undefined when unknown). */
  health(): ToolHealth[];
  health(name: string): ToolHealth | undefined;
  health(name?: string): ToolHealth[] | ToolHealth | undefined {
    if (name !== undefined) return this.lookup(name)?.health.snapshot();
    return [...this.byId.values()].map((e) => e.health.snapshot());
  }

  /** Holds a tool's circuit open (e.g. during an incident) until the handle is disposed. */
  isolate(name: string): { dispose(): void } {
    const entry = this.resolve(name);
    if (entry instanceof ToolRunError) throw new ToolRegistrationError(entry.message);
    const breaker = entry?.pipeline.breaker;
    if (!breaker) throw new ToolRegistrationError(`tool "${name}" is unknown or has no circuit breaker`);
    return breaker.isolate();
  }

  /**
   * The access decision the runner would make for `principal` on a registered tool (by id or
   * unique name) — declared capabilities/scopes, then the configured `policy` — without running
   * anything. Servers ask this before listing or describing a tool, so what a caller sees and
   * what it may call come from one decision path. A refusal is the `ToolRunError` a call would get.
   */
  authorize(
    nameOrId: string,
    principal?: unknown,
    action: PolicyAction = 'call',
  ): AccessDecision | ToolRunError {
    const entry = this.resolve(nameOrId);
    if (entry instanceof ToolRunError) return entry;
    if (!entry) return notFoundError(nameOrId, []);
    const who = principal === undefined ? this.defaultPrincipal : principalOf(principal);
    if (who instanceof ToolRunError) return who;
    const lacking = checkDeclaredNeeds(entry.tool, who);
    return lacking ?? decide(this.policy, who, entry.tool, action);
  }

  /** Runs one call. Resolves with a `ToolResult` for every outcome; never rejects for tool failures. */
  run(call: ToolCall, options: RunOptions<C> = {}): Promise<ToolResult> {
    return this.runCall(call, options, undefined);
  }

  /** Runs several calls with dedup, a call budget, exclusivity and hand-off rules. */
  runBatch(calls: readonly ToolCall[], options: BatchOptions<C> = {}): Promise<BatchResult> {
    return runBatch(this, calls, options);
  }

  /**
   * Runs a call that came back `pending_confirmation`, exactly once (the token is consumed
   * before anything runs). Throws `ConfirmationError` for unknown, used or expired tokens.
   */
  async confirm(token: string, options: ConfirmOptions<C> = {}): Promise<ToolResult> {
    const pending = takePending(this.confirmations, this.observer, token, 'confirmed', options.argumentsHash);
    const current = this.byId.get(pending.entry.tool.id);
    const entry = current === pending.entry ? current : undefined;
    const state = newState(pending.callId, pending.entry.tool.name, clock());
    const span = this.observer.startSpan(state, entry as ToolEntry<unknown>, options.traceContext);
    const runOptions: RunOptions<C> = { ...options, principal: pending.principal };
    if (options.context === undefined && pending.context !== undefined) runOptions.context = pending.context;
    let result: ToolResult;
    try {
      if (!entry) result = buildResult(state, undefined, notFoundError(state.toolName, []), span);
      else {
        const audited = this.audit(
          'confirmed',
          undefined,
          state,
          entry,
          pending.principal,
          pending.args,
          pending.decision,
        );
        result = audited
          ? buildResult(state, entry.tool, audited, span)
          : await this.admit(
              entry,
              pending.args,
              state,
              pending.principal,
              runOptions,
              span,
              pending.decision,
              true,
            );
      }
    } catch (error) {
      result = buildResult(state, entry?.tool, internalError(error), span);
    }
    return this.observer.finish(result, span, pending.args);
  }

  /** Declines a pending call; returns the `cancelled` result to send back to the model. */
  reject(token: string, reason?: string): ToolResult {
    const pending = takePending(this.confirmations, this.observer, token, 'rejected');
    const state = newState(pending.callId, pending.entry.tool.name, clock());
    const why = reason ? ` (${reason.slice(0, 200)})` : '';
    const error = new ToolRunError(
      'cancelled',
      'CONFIRMATION_REJECTED',
      `The user declined the call to "${state.toolName}"${why}. Do not repeat it unless the user asks.`,
    );
    return this.observer.finish(
      buildResult(state, pending.entry.tool, error, undefined),
      undefined,
      undefined,
    );
  }

  /** Number of confirmations waiting. */
  get pendingConfirmations(): number {
    return this.confirmations.size;
  }

  /** Closes every executor that has a `close`. */
  async close(): Promise<void> {
    await Promise.all([...this.executors.values()].map((e) => e.close?.()));
  }

  /** @internal Decodes arguments the way `run` does (used by `runBatch` for dedup keys). */
  decode(call: ToolCall): DecodedArguments {
    return decodeArguments(call.arguments, String(call.name), this.jsonLimits, this.maxArgumentsLength);
  }

  /** @internal A tool by id or unique name; undefined when unknown or ambiguous. */
  lookup(nameOrId: string): ToolEntry<C> | undefined {
    const entry = this.resolve(nameOrId);
    return entry instanceof ToolRunError ? undefined : entry;
  }

  /** A tool by id, else by bare name; a name several tools share is the `TOOL_AMBIGUOUS` refusal. */
  private resolve(nameOrId: string): ToolEntry<C> | ToolRunError | undefined {
    const byId = this.byId.get(nameOrId);
    if (byId) return byId;
    const ids = this.byName.get(nameOrId);
    if (!ids) return undefined;
    return ids.length === 1 ? this.byId.get(ids[0]!) : ambiguousError(nameOrId, ids);
  }

  /** @internal `decoded` lets `runBatch` skip decoding twice. */
  async runCall(
    call: ToolCall,
    options: RunOptions<C>,
    decoded: DecodedArguments | undefined,
  ): Promise<ToolResult> {
    const queuedAt = clock();
    const toolName = typeof call?.name === 'string' ? call.name : String(call?.name);
    const callId = typeof call?.id === 'string' && call.id !== '' ? call.id : newCallId();
    const state = newState(callId, toolName, queuedAt);
    const observer = this.observer;
    if (observer.events.has('start')) observer.events.emit('start', { callId, toolName, at: queuedAt });
    const found = this.resolve(toolName);
    const entry = found instanceof ToolRunError ? undefined : found;
    const span = observer.startSpan(state, entry as ToolEntry<unknown>, options.traceContext);
    let args: JsonObject | undefined;
    let result: ToolResult;
    try {
      const principal =
        options.principal === undefined ? this.defaultPrincipal : principalOf(options.principal);
      if (principal instanceof ToolRunError) {
        observer.audit('denied', principal.code, state, entry as ToolEntry<unknown>, undefined, undefined);
        result = buildResult(state, entry?.tool, principal, span);
      } else if (found instanceof ToolRunError) {
        observer.audit('denied', found.code, state, undefined, principal, undefined);
        result = buildResult(state, undefined, found, span);
      } else if (!entry) {
        observer.audit('denied', 'TOOL_NOT_FOUND', state, undefined, principal, undefined);
        const suggestions = suggestNames(toolName, this.byName.keys());
        result = buildResult(state, undefined, notFoundError(toolName, suggestions), span);
      } else {
        const { tool } = entry;
        const decision = this.gate(entry, principal);
        // `instanceof` (not `isInstance`): these errors come from this module, and this is the hot path.
        const refused = decision instanceof ToolRunError ? decision : undefined;
        const decodedArgs = refused ? undefined : (decoded ?? this.decode(call));
        if (refused || !decodedArgs?.ok) {
          const error = refused ?? (decodedArgs as { error: ToolRunError }).error;
          observer.audit('denied', error.code, state, entry as ToolEntry<unknown>, principal, undefined, {
            rule: error.details?.rule as string | undefined,
            level: false,
          });
          result = buildResult(state, tool, error, span);
        } else {
          args = decodedArgs.args;
          result = await this.validateAndRun(
            entry,
            args,
            state,
            principal,
            options,
            span,
            decision as AccessDecision,
          );
        }
      }
    } catch (error) {
      result = buildResult(state, entry?.tool, internalError(error), span);
    }
    return observer.finish(result, span, args);
  }

  /**
   * The access decision for one call: the tool's declared capabilities and scopes, then the
   * configured policy. A policy's audit obligation needs an audit sink.
   */
  private gate(entry: ToolEntry<C>, principal: NormalizedPrincipal): AccessDecision | ToolRunError {
    const lacking = checkDeclaredNeeds(entry.tool, principal);
    if (lacking) return lacking;
    const decision = decide(this.policy, principal, entry.tool);
    if (!(decision instanceof ToolRunError) && decision.obligations.audit && !this.observer.audits) {
      return auditUnavailable(entry.tool.name, decision);
    }
    return decision;
  }

  /** Sends an audit record; the `AUDIT_UNAVAILABLE` refusal when the policy required it and the sink failed. */
  private audit(
    what: 'allowed' | 'confirmation_required' | 'confirmed',
    reason: string | undefined,
    state: CallState,
    entry: ToolEntry<C>,
    principal: NormalizedPrincipal,
    args: JsonObject,
    decision: AccessDecision,
  ): ToolRunError | undefined {
    // Without a sink there is nothing to send (a required audit was refused in `gate`).
    if (!this.observer.audits) return undefined;
    const level = decision.obligations.audit;
    const delivered = this.observer.audit(what, reason, state, entry as ToolEntry<unknown>, principal, args, {
      rule: decision.rule,
      level,
    });
    return level && !delivered ? auditUnavailable(entry.tool.name, decision) : undefined;
  }

  private validateAndRun(
    entry: ToolEntry<C>,
    args: JsonObject,
    state: CallState,
    principal: NormalizedPrincipal,
    options: RunOptions<C>,
    span: Span | undefined,
    decision: AccessDecision,
  ): Promise<ToolResult> | ToolResult {
    const { tool } = entry;
    let validation: ArgumentValidation;
    try {
      validation = entry.validators.validateInput(args);
    } catch (error) {
      const failure = ToolRunError.isInstance(error)
        ? error
        : new ToolRunError('failure', SCHEMA_UNCOMPILABLE, String(error), { cause: error });
      this.observer.audit('denied', failure.code, state, entry as ToolEntry<unknown>, principal, args);
      return buildResult(state, tool, failure, span);
    }
    if (!validation.valid) {
      const error = invalidArgumentsError(tool.name, validation.errors);
      this.observer.audit('denied', error.code, state, entry as ToolEntry<unknown>, principal, args);
      return buildResult(state, tool, error, span);
    }
    const obliged = decision.obligations.confirmation;
    const confirmReason = obliged ? obliged.reason : entry.confirmReason;
    if (confirmReason !== undefined) {
      const refused = this.audit(
        'confirmation_required',
        confirmReason,
        state,
        entry,
        principal,
        args,
        decision,
      );
      if (refused) return buildResult(state, tool, refused, span);
      const argumentsHash = hashArguments(args);
      const pending: Pending<C> = { entry, args, argumentsHash, callId: state.callId, principal, decision };
      if (options.context !== undefined) pending.context = options.context;
      const confirmation = this.confirmations.create(pending, confirmReason, Date.now(), {
        arguments: args,
        argumentsHash,
      });
      const error = confirmationRequiredError(tool.name, confirmReason, confirmation.expiresAt);
      const result = buildResult(state, tool, error, span);
      result.confirmation = confirmation;
      return result;
    }
    return this.admit(entry, args, state, principal, options, span, decision, false);
  }

  /** Rate limits, then execution. Confirmed calls were audited when confirmed. */
  private admit(
    entry: ToolEntry<C>,
    args: JsonObject,
    state: CallState,
    principal: NormalizedPrincipal,
    options: RunOptions<C>,
    span: Span | undefined,
    decision: AccessDecision,
    confirmed: boolean,
  ): Promise<ToolResult> | ToolResult {
    // The arrival time is precise enough for token buckets and saves a clock read.
    const limited = takeRateTokens(
      entry as ToolEntry<unknown>,
      this.rateLimits,
      principal,
      state.queuedAt,
      decision.obligations.rateLimit,
    );
    if (limited) {
      this.observer.audit('denied', limited.code, state, entry as ToolEntry<unknown>, principal, args);
      return buildResult(state, entry.tool, limited, span);
    }
    if (!confirmed) {
      const refused = this.audit('allowed', undefined, state, entry, principal, args, decision);
      if (refused) return buildResult(state, entry.tool, refused, span);
    }
    return executeCall(entry, args, state, principal, options, span, this.deps);
  }
}

/** Creates a runner. See `RunnerOptions` for defaults. */
export function createRunner<C = unknown>(options: RunnerOptions<C> = {}): Runner<C> {
  return new Runner<C>(options);
}

function ambiguousError(name: string, ids: readonly string[]): ToolRunError {
  const shown = ids.slice(0, 10);
  const more = ids.length > shown.length ? ` and ${ids.length - shown.length} more` : '';
  return new ToolRunError(
    'not_found',
    'TOOL_AMBIGUOUS',
    `Tool name "${name.slice(0, 200)}" matches ${ids.length} tools: ${shown.map((id) => `"${id}"`).join(', ')}${more}. Call one by its id.`,
    { details: { candidates: [...ids] } },
  );
}

function auditUnavailable(toolName: string, decision: AccessDecision): ToolRunError {
  return new ToolRunError(
    'permission_denied',
    'AUDIT_UNAVAILABLE',
    `The access policy requires an audit record for "${toolName}" and none could be written; the call was not run.`,
    { details: { ...(decision.rule !== undefined ? { rule: decision.rule } : {}) } },
  );
}
