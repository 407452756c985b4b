// `npm run bench -w @toolarsenal/llamaindex`: what per-step tool selection costs and saves in a
// LlamaIndex agent workflow. Drives the real `ToolSelectingAgent.selectTools` (conversation
// reading, retrieval, tool lookup) the way `takeStep` does before each LLM call, over the 527 real
// MCP tools of ../shared (scaled to 5,000 with namespace variants), and counts the tokens of the
// tool definitions an LLM call carries (OpenAI format from @llamaindex/openai's `OpenAI.toTool`)
// with selection (k = 8) vs all tools. The harness (timing, GC, table) is @toolarsenal/toolkit-testing's.
import type { BaseToolWithCall, ChatMessage } from '@llamaindex/core/llms';
import { MockLLM } from '@llamaindex/core/llms/mock';
import { OpenAI } from '@llamaindex/openai';
import { createToolCaller, ToolNames } from '@toolarsenal/agentkit';
import { BENCH_PRELUDE as P, runSelectionBench } from '@toolarsenal/toolkit-testing';
import { createRunner } from '@toolarsenal/toolrun';
import { ArsenalFunctionTool, ToolSelectingAgent } from '../src/index.js';

await runSelectionBench('llamaindex', {
  caption: 'Per-step tool selection in a LlamaIndex agent (ToolSelectingAgent.selectTools)',
  setup({ tools, index, mode, k }) {
    const caller = createToolCaller({ runner: createRunner() });
    const names = new ToolNames();
    names.plan(tools);
    const all: BaseToolWithCall[] = tools.map(
      (tool) => new ArsenalFunctionTool({ tool, name: names.nameOf(tool), caller }),
    );
    const agent = new ToolSelectingAgent({ llm: new MockLLM(), tools: all, index, limit: k, mode });
    return {
      all,
      // A step in the middle of a task, as the workflow holds it.
      conversation: (request): ChatMessage[] => [
        { role: 'user', content: P.greeting },
        { role: 'assistant', content: P.reply },
        { role: 'user', content: request },
        {
          role: 'assistant',
          content: '',
          options: { toolCall: [{ id: P.call.id, name: P.call.name, input: {} }] },
        },
        {
          role: 'user',
          content: P.call.result,
          options: { toolResult: { id: P.call.id, result: P.call.result, isError: false } },
        },
      ],
      select: (messages) => agent.selectTools(messages, agent.tools),
      definitions: (offered) => offered.map((t) => OpenAI.toTool(t)),
    };
  },
});
