import type {
  ChatResponse,
  ChatResponseChunk,
  LLMChatParamsNonStreaming,
  LLMChatParamsStreaming,
} from '@llamaindex/core/llms';
import { MockLLM } from '@llamaindex/core/llms/mock';

/** One scripted model turn: tool calls to make, or a final text answer. */
export type ScriptStep =
  { toolCalls: { name: string; input: Record<string, unknown>; id?: string }[] } | { text: string };

let counter = 0;

/**
 * LlamaIndex's own `MockLLM` (from `@llamaindex/core/llms/mock`), scripted turn by turn: each
 * chat call plays the next step (tool calls through `mockToolCallResponse`, or a text answer) and
 * records the names of the tools it was given.
 */
export class ScriptedLLM extends MockLLM {
  readonly offered: string[][] = [];
  readonly #script: ScriptStep[];

  constructor(script: ScriptStep[]) {
    super({ timeBetweenToken: 0 });
    this.#script = [...script];
  }

  override chat(params: LLMChatParamsStreaming<object, object>): Promise<AsyncIterable<ChatResponseChunk>>;
  override chat(params: LLMChatParamsNonStreaming<object, object>): Promise<ChatResponse<object>>;
  override chat(
    params: LLMChatParamsStreaming<object, object> | LLMChatParamsNonStreaming<object, object>,
  ): Promise<AsyncIterable<ChatResponseChunk> | ChatResponse<object>> {
    this.offered.push((params.tools ?? []).map((t) => t.metadata.name));
    const step = this.#script.shift();
    if (!step) throw new Error(`ScriptedLLM: no step left for call ${this.offered.length}`);
    if ('toolCalls' in step) {
      this.options.mockToolCallResponse = {
        toolCalls: step.toolCalls.map((c) => ({
          name: c.name,
          input: c.input as never,
          id: c.id ?? `call_${++counter}`,
        })),
      };
    } else {
      delete this.options.mockToolCallResponse;
      this.options.responseMessage = step.text;
    }
    return super.chat(params as LLMChatParamsStreaming<object, object>);
  }
}
