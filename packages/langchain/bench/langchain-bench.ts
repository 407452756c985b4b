// `npm run bench -w @toolarsenal/langchain`: what per-turn tool selection costs and saves in a
// LangChain agent. Drives the real `toolArsenalMiddleware` wrapModelCall (conversation reading,
// retrieval, tool lookup) the way createAgent does before each model call, over the 527 real MCP
// tools of ../shared (scaled to 5,000 with namespace variants), and counts the tokens of the tool
// definitions a model call carries (OpenAI format from @langchain/core's convertToOpenAITool) with
// selection (k = 8) vs all tools. The harness (timing, GC, table) is @toolarsenal/toolkit-testing's.
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type { ClientTool } from '@langchain/core/tools';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { createToolCaller, ToolNames } from '@toolarsenal/agentkit';
import { BENCH_PRELUDE as P, runSelectionBench } from '@toolarsenal/toolkit-testing';
import { createRunner } from '@toolarsenal/toolrun';
import { ArsenalTool, toolArsenalMiddleware } from '../src/index.js';

type Request = Parameters<NonNullable<ReturnType<typeof toolArsenalMiddleware>['wrapModelCall']>>[0];

await runSelectionBench('langchain', {
  caption: 'Per-turn tool selection in createAgent (toolArsenalMiddleware.wrapModelCall)',
  setup({ tools, index, mode, k }) {
    const caller = createToolCaller({ runner: createRunner() });
    const names = new ToolNames();
    names.plan(tools);
    const all = tools.map((tool) => new ArsenalTool({ tool, name: names.nameOf(tool), caller }));
    const wrap = toolArsenalMiddleware({ index, limit: k, mode }).wrapModelCall!;
    return {
      all,
      // A turn in the middle of a task, as createAgent holds it.
      conversation: (request): BaseMessage[] => [
        new HumanMessage(P.greeting),
        new AIMessage(P.reply),
        new HumanMessage(request),
        new AIMessage({ content: '', tool_calls: [{ id: P.call.id, name: P.call.name, args: {} }] }),
        new ToolMessage({ content: P.call.result, tool_call_id: P.call.id, name: P.call.name }),
      ],
      async select(messages) {
        let offered: ClientTool[] = [];
        await wrap({ messages, tools: all, runtime: {} } as unknown as Request, async (req) => {
          offered = req.tools as ClientTool[];
          return new AIMessage('');
        });
        return offered;
      },
      definitions: (offered) => offered.map((t) => convertToOpenAITool(t)),
    };
  },
});
