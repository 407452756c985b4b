import { type ToolCaller, ToolkitError } from '@toolarsenal/agentkit';
import type { Tool } from '@toolarsenal/toolmodel';
import type { JSONValue } from '@llamaindex/core/global';
import { FunctionTool } from '@llamaindex/core/tools';

export interface ArsenalFunctionToolFields {
  tool: Tool;
  /** The model-facing name (collision-free, provider-safe). */
  name: string;
  caller: ToolCaller;
}

type Args = Record<string, unknown>;

/**
 * A LlamaIndex `FunctionTool` backed by a canonical tool and a toolrun `Runner`: its
 * `metadata.parameters` is the tool's JSON Schema as is, and `call` runs through the runner
 * (validation, policies, timeouts, retries, confirmation). A failed call throws a `ToolkitError`
 * (`TOOLKIT_CALL_FAILED`) whose message is what the model should read (`Error [INVALID_ARGUMENTS]:
 * … Fix these arguments and call the tool again.`): LlamaIndex agents turn a thrown error into a
 * tool result with `isError: true` and go on. Tools with an `outputSchema` return their structured
 * output; others return object output as the object (unless cut to `maxResultLength`) and anything
 * else as text.
 */
export class ArsenalFunctionTool extends FunctionTool<Args, Promise<JSONValue>> {
  /** The canonical tool this LlamaIndex tool runs. */
  readonly canonical: Tool;

  constructor(fields: ArsenalFunctionToolFields) {
    const { tool, caller } = fields;
    super(
      async (input: Args) => {
        const outcome = await caller.call(tool, input ?? {});
        if (!outcome.ok)
          throw new ToolkitError('TOOLKIT_CALL_FAILED', outcome.text, {
            status: outcome.status,
            ...(outcome.errorCode ? { errorCode: outcome.errorCode } : {}),
          });
        if (outcome.structured !== undefined) return outcome.structured as JSONValue;
        // LlamaIndex renders results with JSON.stringify and then strips quote pairs, which garbles
        // JSON text; an untruncated object result goes back as the object itself.
        const value = outcome.result;
        if (typeof value === 'object' && value !== null && outcome.text === JSON.stringify(value))
          return value as JSONValue;
        return outcome.text;
      },
      {
        name: fields.name,
        description: tool.description,
        parameters: tool.inputSchema as never,
      },
    );
    this.canonical = tool;
  }
}

export function isArsenalFunctionTool(value: unknown): value is ArsenalFunctionTool {
  return value instanceof ArsenalFunctionTool;
}
