import {
  acceptedContent,
  type CallToolResult,
  createRequestStateCodec,
  type InputRequiredResult,
  inputRequired,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { canonicalJson, type JsonObject, type Tool } from '@toolarsenal/toolmodel';

/** What a confirmation round carries through the client (signed, not secret). */
export interface ConfirmState {
  /** Tool id. */
  t: string;
  /** SHA-256 of the canonical arguments: the approval holds for exactly these. */
  h: string;
  /** Principal id the approval belongs to. */
  p: string;
  /** The runner's confirmation token, when the runner issued one (used when the same process serves the retry). */
  k?: string;
}

export interface ConfirmationOptions {
  /**
   * HMAC key (≥ 32 bytes) signing the state of `input_required` rounds. Every process behind a
   * load balancer needs the same key; the default is random per process.
   */
  secret?: string | Uint8Array;
  /** How long an approval request stays answerable (s). Default 600. */
  ttlSeconds?: number;
}

/** `_meta` key of a result that waits for the host to confirm (the fallback when nobody can be asked). */
export const CONFIRMATION_META_KEY = 'io.toolarsenal/confirmation';
/** `_meta` key of a `tools/call` request that confirms a pending call by its token. */
export const CONFIRM_META_KEY = 'io.toolarsenal/confirm';
/** `_meta` key of a `tools/call` request that declines a pending call by its token. */
export const REJECT_META_KEY = 'io.toolarsenal/reject';

const MAX_TOKENS = 1_000;

/** Which principal and tool a runner token was handed to, so only they can redeem it. */
interface TokenOwner {
  principal: string;
  tool: string;
  expiresAt: number;
}

export class Confirmations {
  readonly codec: RequestStateCodec<ConfirmState>;
  readonly #owners = new Map<string, TokenOwner>();

  constructor(options: ConfirmationOptions = {}) {
    const key = options.secret ?? globalThis.crypto.getRandomValues(new Uint8Array(32));
    this.codec = createRequestStateCodec<ConfirmState>({ key, ttlSeconds: options.ttlSeconds ?? 600 });
  }

  async state(tool: Tool, args: JsonObject, principal: string, token?: string): Promise<ConfirmState> {
    return { t: tool.id, h: await hashArgs(args), p: principal, ...(token ? { k: token } : {}) };
  }

  /**
   * The user's answer carried by a retried request: `approved` / `declined` when the round's
   * signed state matches this exact call, `none` otherwise (a fresh call, or state for another).
   */
  async answer(
    ctx: ServerContext,
    tool: Tool,
    args: JsonObject,
    principal: string,
  ): Promise<{ kind: 'none' } | { kind: 'approved' | 'declined'; state: ConfirmState }> {
    const state = ctx.mcpReq.requestState<ConfirmState>();
    const responses = ctx.mcpReq.inputResponses;
    if (!state || typeof state !== 'object' || !responses || !('confirm' in responses))
      return { kind: 'none' };
    if (state.t !== tool.id || state.p !== principal || state.h !== (await hashArgs(args)))
      return { kind: 'none' };
    const content = acceptedContent(responses, 'confirm');
    return { kind: content?.confirm === true ? 'approved' : 'declined', state };
  }

  /** Asks the user through the client: elicitation (2025, via the SDK's shim) or an `input_required` round (2026). */
  async ask(
    reason: string,
    toolName: string,
    args: JsonObject,
    state: ConfirmState,
  ): Promise<InputRequiredResult> {
    const preview = JSON.stringify(args);
    const shown =
      preview.length <= 1_000 ? preview : `${preview.slice(0, 1_000)}… (${preview.length} characters)`;
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({
          mode: 'form',
          message: `Allow "${toolName}" to run with ${shown}? (${reason})`,
          requestedSchema: {
            type: 'object',
            properties: { confirm: { type: 'boolean', title: 'Run it', description: reason } },
            required: ['confirm'],
          },
        }),
      },
      requestState: await this.codec.mint(state),
    });
  }

  /** Records who may redeem a runner token handed out in the fallback result. */
  remember(token: string, principal: string, tool: string, expiresAt: number): void {
    const now = Date.now();
    for (const [t, owner] of this.#owners) {
      if (owner.expiresAt >= now && this.#owners.size < MAX_TOKENS) break;
      this.#owners.delete(t);
    }
    this.#owners.set(token, { principal, tool, expiresAt });
  }

  /** Takes a token for redemption if this principal may redeem it for this tool. */
  take(token: unknown, principal: string, tool: string): string | undefined {
    if (typeof token !== 'string') return undefined;
    const owner = this.#owners.get(token);
    if (!owner || owner.principal !== principal || owner.tool !== tool) return undefined;
    this.#owners.delete(token);
    return token;
  }
}

/** The fallback answer: the call waits for the host to confirm with the token in `_meta`. */
export function pendingResult(reason: string, token: string, expiresAt: number): CallToolResult {
  return {
    content: [
      {
        type: 'text',
        text: `This call needs the user's confirmation (${reason}) and has not run. Ask the user to approve it in their client; do not retry it yourself.`,
      },
    ],
    _meta: { [CONFIRMATION_META_KEY]: { token, expiresAt, reason } },
  };
}

async function hashArgs(args: JsonObject): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(args));
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}
