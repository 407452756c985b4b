import type { Tool } from '@toolarsenal/toolmodel';
import {
  ConfirmationError,
  DEFAULT_RESULT_MAX_LENGTH,
  formatResult,
  Runner,
  type RunOptions,
  type ToolResult,
  type ToolResultStatus,
} from '@toolarsenal/toolrun';
import type { Toolset } from '@toolarsenal/toolset';
import { type Access, createAccess, type Principal } from './access.js';
import { describe, invalidOption, isRecord, ToolkitError } from './errors.js';

/** What a `confirm` handler is asked: the exact call that will run if it answers true. */
export interface ConfirmRequest {
  tool: Tool;
  arguments: unknown;
  /** Why confirmation is needed (the policy's reason or the runner's rule). */
  reason: string;
  callId: string;
}

/** Asks a human. Answer true to run the call, false to decline it. */
export type ConfirmHandler = (request: ConfirmRequest) => boolean | Promise<boolean>;

export interface ToolCallerOptions {
  /** Runs every call: validation, timeouts, retries, breakers, rate limits, confirmation rules. */
  runner: Runner;
  /** Its policy decides what the caller may see and run (membership + rules + obligations). */
  toolset?: Toolset;
  /** Who is calling; given to the toolset's policy and to the runner. */
  principal?: Principal;
  /**
   * Asked when a call needs confirmation (policy obligation or the runner's rule, e.g.
   * `delete_*`). Without it such calls do not run: the model is told they wait for the user.
   */
  confirm?: ConfirmHandler;
  /** Longest text the model reads from one result (default 20,000 characters). */
  maxResultLength?: number;
  /** Per-attempt deadline for every call (ms), overriding the tools' own `timeoutMs`. */
  timeoutMs?: number;
}

/** The outcome of one call in the form frameworks hand back to the model. */
export interface CallOutcome {
  ok: boolean;
  status: ToolResultStatus;
  /** What the model reads: the output, or a short message that says what went wrong and what to do. */
  text: string;
  /** The tool's structured output (success only, and only when the tool declares an `outputSchema`). */
  structured?: unknown;
  /** The tool's output as the runner returned it (success only). */
  result?: unknown;
  /** The runner's typed error code for every outcome but success. */
  errorCode?: string;
  /** The runner's full result (absent when the call was refused before reaching the runner). */
  toolResult?: ToolResult;
}

export interface CallContext {
  callId?: string;
  signal?: AbortSignal;
}

/** Runs model tool calls through toolrun under a toolset's policy. */
export interface ToolCaller {
  readonly runner: Runner;
  readonly access: Access;
  call(tool: Tool, args: unknown, context?: CallContext): Promise<CallOutcome>;
}

let callCounter = 0;

export function createToolCaller(options: ToolCallerOptions): ToolCaller {
  if (!isRecord(options)) throw invalidOption('options', 'an object', options);
  const { runner, toolset, confirm, timeoutMs } = options;
  if (!(runner instanceof Runner) && !isRunnerLike(runner))
    throw invalidOption('options.runner', 'a toolrun Runner', runner);
  if (confirm !== undefined && typeof confirm !== 'function')
    throw invalidOption('options.confirm', 'a function', confirm);
  const maxLength = options.maxResultLength ?? DEFAULT_RESULT_MAX_LENGTH;
  if (!Number.isInteger(maxLength) || maxLength < 64)
    throw invalidOption('options.maxResultLength', 'an integer ≥ 64', maxLength);
  if (timeoutMs !== undefined && (!Number.isFinite(timeoutMs) || timeoutMs <= 0))
    throw invalidOption('options.timeoutMs', 'a positive number of milliseconds', timeoutMs);
  const access = createAccess(toolset, options.principal);

  const outcome = (tool: Tool, result: ToolResult): CallOutcome => {
    const text = formatResult(result, { dialect: 'openai-chat', maxLength }).content;
    if (!result.ok)
      return { ok: false, status: result.status, text, errorCode: result.error?.code, toolResult: result };
    const out: CallOutcome = {
      ok: true,
      status: result.status,
      text,
      result: result.result,
      toolResult: result,
    };
    if (tool.outputSchema !== undefined) out.structured = result.result;
    return out;
  };

  const redeem = async (
    token: string,
    argumentsHash: string,
    run: Omit<RunOptions, 'principal'>,
  ): Promise<ToolResult | undefined> => {
    try {
      // Bound to exactly the arguments the human was shown.
      return await runner.confirm(token, { ...run, argumentsHash });
    } catch (error) {
      if (ConfirmationError.isInstance(error)) return undefined;
      throw error;
    }
  };

  return {
    runner,
    access,
    async call(tool, args, context = {}) {
      const callId = context.callId ?? `toolkit_${(++callCounter).toString(36)}`;
      if (!access.allows(tool, 'call'))
        return refused(tool, 'TOOL_NOT_FOUND', 'not_found', unknownTool(tool));
      const run: RunOptions = {
        ...(context.signal ? { signal: context.signal } : {}),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      };
      const withPrincipal: RunOptions = access.runPrincipal
        ? { ...run, principal: access.runPrincipal }
        : run;
      let approved = false;
      const obligation = access.confirmation(tool);
      if (obligation !== undefined) {
        const asked = await ask(confirm, { tool, arguments: args, reason: obligation, callId });
        if (asked === undefined) return waiting(tool, obligation);
        if (!asked) return declined(tool);
        approved = true;
      }
      const result = await runner.run({ id: callId, name: tool.id, arguments: args }, withPrincipal);
      if (result.status !== 'pending_confirmation' || !result.confirmation) return outcome(tool, result);
      const { token, reason, argumentsHash } = result.confirmation;
      const yes = approved || (await ask(confirm, { tool, arguments: args, reason, callId }));
      if (yes === undefined) return outcome(tool, result);
      if (!yes) return outcome(tool, runner.reject(token, 'declined by the user'));
      const confirmed = await redeem(token, argumentsHash, run);
      return confirmed ? outcome(tool, confirmed) : outcome(tool, result);
    },
  };
}

/** Throws unless the runner holds exactly this tool under its id (calls go by id). */
export function assertRegistered(runner: Runner, tool: Tool): void {
  const held = runner.get(tool.id);
  if (held !== undefined && held.id === tool.id) return;
  const sameName = runner.get(tool.name);
  const hint =
    sameName !== undefined
      ? ` The runner holds "${sameName.id}" under the name "${tool.name}": toolrun keys tools by name, so registering a same-name tool from another namespace replaced it. Use one runner per namespace for such tools.`
      : ' Register it (with a handler or an executor for its source) before converting it.';
  throw new ToolkitError('TOOLKIT_TOOL_NOT_REGISTERED', `The runner does not hold tool "${tool.id}".${hint}`);
}

async function ask(
  confirm: ConfirmHandler | undefined,
  request: ConfirmRequest,
): Promise<boolean | undefined> {
  if (!confirm) return undefined;
  const answer = await confirm(request);
  if (typeof answer !== 'boolean')
    throw new ToolkitError(
      'TOOLKIT_INVALID_OPTIONS',
      `options.confirm must answer true or false, got ${describe(answer)}`,
    );
  return answer;
}

function refused(tool: Tool, errorCode: string, status: ToolResultStatus, text: string): CallOutcome {
  return { ok: false, status, errorCode, text: `Error [${errorCode}]: ${text}` };
}

function unknownTool(tool: Tool): string {
  return `No tool "${tool.name}" is available. Use one of the tools offered.`;
}

function waiting(tool: Tool, reason: string): CallOutcome {
  return refused(
    tool,
    'CONFIRMATION_REQUIRED',
    'pending_confirmation',
    `The call to "${tool.name}" needs the user's confirmation (${reason}) and has not run. Do not repeat it.`,
  );
}

function declined(tool: Tool): CallOutcome {
  return refused(
    tool,
    'CONFIRMATION_REJECTED',
    'cancelled',
    `The user declined the call to "${tool.name}". Do not repeat it unless the user asks.`,
  );
}

function isRunnerLike(value: unknown): value is Runner {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Runner).run === 'function' &&
    typeof (value as Runner).get === 'function' &&
    typeof (value as Runner).confirm === 'function' &&
    typeof (value as Runner).reject === 'function'
  );
}
