import { type ToolCaller, ToolkitError } from '@toolarsenal/agentkit';
import type { JsonSchemaObject, Tool } from '@toolarsenal/toolmodel';
import { CallbackManager, parseCallbackConfigArg } from '@langchain/core/callbacks/manager';
import { ToolMessage } from '@langchain/core/messages';
import { StructuredTool, type ToolRunnableConfig } from '@langchain/core/tools';

/** Metadata key carrying the canonical tool id on every tool this package creates. */
export const TOOL_ID_METADATA_KEY = 'toolarsenal_tool_id';

export interface ArsenalToolFields {
  tool: Tool;
  /** The model-facing name (collision-free, provider-safe). */
  name: string;
  caller: ToolCaller;
  /** Throw `ToolkitError` (`TOOLKIT_CALL_FAILED`) instead of answering the model with an error message. */
  throwOnError?: boolean;
}

type ToolCallLike = { id?: string; name?: string; args?: unknown; type?: string };

/**
 * A LangChain `StructuredTool` backed by a canonical tool and a toolrun `Runner`. Its `schema` is
 * the tool's JSON Schema as is (providers receive exactly the canonical schema; no Zod round
 * trip). Calls skip `@langchain/core`'s own JSON-schema check and go through the runner, whose
 * validation answers the model with fixable messages (`/city: is required but missing`);
 * policies, timeouts, retries and confirmation apply there. Every outcome comes back as a
 * `ToolMessage` (status `error` for failures) unless `throwOnError` is set. Tools with an
 * `outputSchema` answer as `content_and_artifact`: the text for the model, the structured
 * output as the artifact.
 */
export class ArsenalTool extends StructuredTool<JsonSchemaObject> {
  static override lc_name(): string {
    return 'ArsenalTool';
  }

  override name: string;
  override description: string;
  override schema: JsonSchemaObject;
  /** The canonical tool this LangChain tool runs. */
  readonly canonical: Tool;
  readonly #caller: ToolCaller;
  readonly #throwOnError: boolean;

  constructor(fields: ArsenalToolFields) {
    const { tool } = fields;
    super({
      responseFormat: tool.outputSchema !== undefined ? 'content_and_artifact' : 'content',
      metadata: { [TOOL_ID_METADATA_KEY]: tool.id },
    });
    this.name = fields.name;
    this.description = tool.description;
    this.schema = tool.inputSchema as JsonSchemaObject;
    this.canonical = tool;
    this.#caller = fields.caller;
    this.#throwOnError = fields.throwOnError ?? false;
  }

  /**
   * Same contract as `StructuredTool.call` (callbacks, tool-call ids, `ToolMessage` output), with
   * argument validation left to the runner.
   */
  override async call(arg: unknown, configArg?: unknown, tags?: string[]): Promise<never> {
    const config = parseCallbackConfigArg(
      configArg as Parameters<typeof parseCallbackConfigArg>[0],
    ) as ToolRunnableConfig;
    const direct = isToolCall(arg) ? arg : undefined;
    const args = direct ? direct.args : arg;
    const toolCallId = direct?.id ?? (config.toolCall as ToolCallLike | undefined)?.id;
    const manager = CallbackManager.configure(
      config.callbacks,
      this.callbacks,
      config.tags ?? tags,
      this.tags,
      config.metadata,
      this.metadata,
      { verbose: this.verbose },
    );
    const input =
      typeof args === 'object' && args !== null && !Array.isArray(args)
        ? (args as Record<string, unknown>)
        : safeString(args);
    const runManager = await manager?.handleToolStart(
      this.toJSON(),
      input as string,
      config.runId,
      undefined,
      undefined,
      undefined,
      config.runName,
      toolCallId,
    );
    delete config.runId;
    let output: ToolMessage | string | [string, unknown];
    try {
      const outcome = await this.#caller.call(this.canonical, args, {
        ...(toolCallId ? { callId: toolCallId } : {}),
        ...(config.signal ? { signal: config.signal } : {}),
      });
      if (!outcome.ok && this.#throwOnError)
        throw new ToolkitError('TOOLKIT_CALL_FAILED', outcome.text, {
          status: outcome.status,
          ...(outcome.errorCode ? { errorCode: outcome.errorCode } : {}),
        });
      output = toolCallId
        ? new ToolMessage({
            status: outcome.ok ? 'success' : 'error',
            content: outcome.text,
            ...(outcome.structured !== undefined ? { artifact: outcome.structured } : {}),
            tool_call_id: toolCallId,
            name: this.name,
            ...(this.metadata ? { metadata: this.metadata } : {}),
          })
        : outcome.text;
    } catch (error) {
      await runManager?.handleToolError(error);
      throw error;
    }
    await runManager?.handleToolEnd(output);
    return output as never;
  }

  /** Not used: `call` runs the tool through the runner. */
  protected async _call(): Promise<string> {
    throw new ToolkitError('TOOLKIT_INVALID_OPTIONS', 'ArsenalTool runs through call()/invoke()');
  }
}

export function isArsenalTool(value: unknown): value is ArsenalTool {
  return value instanceof ArsenalTool;
}

function isToolCall(value: unknown): value is ToolCallLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as ToolCallLike).type === 'tool_call' &&
    'args' in value
  );
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}
