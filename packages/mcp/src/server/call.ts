import type { CallToolResult, InputRequiredResult, ServerContext } from '@modelcontextprotocol/server';
import { isPlainObject, type JsonObject, type Tool } from '@toolarsenal/toolmodel';
import {
  ConfirmationError,
  type ExecutionUpdate,
  type Runner,
  type RunOptions,
  type ToolResult,
} from '@toolarsenal/toolrun';
import type { Principal } from '@toolarsenal/toolset';
import type { AccessCheck } from './access.js';
import { CONFIRM_META_KEY, type Confirmations, pendingResult, REJECT_META_KEY } from './confirmation.js';
import { errorResult } from './result-format.js';

const UNKNOWN_TOKEN = 'Unknown, used or expired confirmation token; the call has not run.';

export interface CallDeps {
  runner: Runner;
  access: AccessCheck;
  confirmations: Confirmations;
  format: (result: ToolResult) => CallToolResult;
  /** Whether the client can be asked (declared elicitation on this connection or request). */
  canAsk: boolean;
}

/**
 * Runs one call of a served tool through the runner (validation, limits, resilience) with the
 * caller's principal, the request's cancellation signal and progress forwarding. Confirmation
 * (the policy's obligation or the runner's own rule) is asked through the client when it can
 * answer, else the call waits for the host with a runner token in `_meta`.
 */
export async function callServedTool(
  tool: Tool,
  name: string,
  rawArgs: unknown,
  principal: Principal,
  ctx: ServerContext,
  deps: CallDeps,
): Promise<CallToolResult | InputRequiredResult> {
  const { runner, access, confirmations } = deps;
  const who = principal.id ?? 'anonymous';
  const options = runOptions(principal, ctx, access);
  const meta = ctx.mcpReq._meta as Record<string, unknown> | undefined;

  const rejecting = confirmations.take(meta?.[REJECT_META_KEY], who, tool.id);
  if (rejecting) return declined(runner, rejecting, name, deps.format);
  const confirming = meta?.[CONFIRM_META_KEY];
  if (confirming !== undefined) {
    const token = confirmations.take(confirming, who, tool.id);
    const result = token ? await redeem(runner, token, options) : undefined;
    return result ? deps.format(result) : errorResult('CONFIRMATION_UNKNOWN', UNKNOWN_TOKEN, 'failure');
  }

  const args = isPlainObject(rawArgs) ? (rawArgs as JsonObject) : rawArgs === undefined ? {} : undefined;
  if (args === undefined)
    return errorResult(
      'INVALID_ARGUMENTS',
      `Arguments for "${name}" must be a JSON object.`,
      'invalid_arguments',
    );
  const answer = await confirmations.answer(ctx, tool, args, who);
  if (answer.kind === 'declined') return declined(runner, answer.state.k, name, deps.format);
  const approved = answer.kind === 'approved';

  const obligation = access.confirmation(principal, tool);
  if (obligation && !approved) {
    if (deps.canAsk)
      return confirmations.ask(obligation, name, args, await confirmations.state(tool, args, who));
    return errorResult(
      'CONFIRMATION_UNAVAILABLE',
      `"${name}" needs the user's confirmation (${obligation}), and this client cannot ask for it. It has not run.`,
      'pending_confirmation',
    );
  }

  if (answer.kind === 'approved' && answer.state.k) {
    // Same process as the first round: redeem the runner's own token (bound to the validated call).
    const result = await redeem(runner, answer.state.k, options);
    if (result) return deps.format(result);
  }
  const result = await runner.run({ name: tool.id, arguments: args }, options);
  if (result.status !== 'pending_confirmation' || !result.confirmation) return deps.format(result);
  const { token, reason, expiresAt } = result.confirmation;
  if (approved) {
    const confirmed = await redeem(runner, token, options);
    return confirmed ? deps.format(confirmed) : errorResult('CONFIRMATION_UNKNOWN', UNKNOWN_TOKEN, 'failure');
  }
  if (deps.canAsk)
    return confirmations.ask(reason, name, args, await confirmations.state(tool, args, who, token));
  confirmations.remember(token, who, tool.id, expiresAt);
  return pendingResult(reason, token, expiresAt);
}

function runOptions(principal: Principal, ctx: ServerContext, access: AccessCheck): RunOptions {
  const progressToken = (ctx.mcpReq._meta as { progressToken?: string | number } | undefined)?.progressToken;
  return {
    principal: access.forRunner(principal),
    signal: ctx.mcpReq.signal,
    ...(progressToken !== undefined
      ? {
          onUpdate: (update: ExecutionUpdate) => {
            if (update.type !== 'progress') return;
            void ctx.mcpReq
              .notify({
                method: 'notifications/progress',
                params: {
                  progressToken,
                  progress: update.progress,
                  ...(update.total !== undefined ? { total: update.total } : {}),
                  ...(update.message !== undefined ? { message: update.message } : {}),
                },
              })
              .catch(() => undefined);
          },
        }
      : {}),
  };
}

/** Runs a pending call by its runner token; undefined when the token is unknown, used or expired. */
async function redeem(runner: Runner, token: string, options: RunOptions): Promise<ToolResult | undefined> {
  const { principal: _principal, ...rest } = options;
  try {
    return await runner.confirm(token, rest);
  } catch (error) {
    if (ConfirmationError.isInstance(error)) return undefined;
    throw error;
  }
}

function declined(
  runner: Runner,
  token: string | undefined,
  name: string,
  format: CallDeps['format'],
): CallToolResult {
  if (token) {
    try {
      return format(runner.reject(token));
    } catch {
      // Unknown here (another process issued it, or it expired): answer the same way.
    }
  }
  return errorResult(
    'CONFIRMATION_REJECTED',
    `The user declined the call to "${name}". Do not repeat it unless the user asks.`,
    'cancelled',
  );
}
