import type { ChatMessage, ToolCallLLM } from '@llamaindex/core/llms';
import type { AgentWorkflow } from '@llamaindex/workflow';
import type { McpPool } from '@toolarsenal/mcp';
import { readmeExample } from '@toolarsenal/toolkit-testing';
import { afterAll, describe, expect, it } from 'vitest';
import { ScriptedLLM } from './test-fixtures/scripted-llm.js';

// The README's agent.ts, run as written with LlamaIndex's MockLLM (scripted) in place of a live model.
const readme = readmeExample(new URL('../', import.meta.url));

describe('README example', () => {
  let mcp: McpPool | undefined;
  afterAll(async () => {
    await mcp?.close();
    readme.cleanup();
  });

  it(
    'agent.ts: an MCP server and an OpenAPI document behind one agent workflow, the best 8 tools per step',
    { timeout: 120_000 },
    async () => {
      const example = await readme.importBlock<{
        mcp: McpPool;
        createAssistant: (llm: ToolCallLLM) => AgentWorkflow;
      }>();
      mcp = example.mcp;
      const llm = new ScriptedLLM([
        {
          toolCalls: [
            { name: 'get-sum', input: { a: 2, b: 3 }, id: 's1' },
            { name: 'getPetById', input: { path: { petId: 1 } }, id: 'p1' },
          ],
        },
        { text: '2 + 3 = 5, and Rex (pet 1) is available.' },
      ]);
      const result = await example
        .createAssistant(llm)
        .run('What is the sum of 2 and 3? And is pet 1 of the store available?');
      expect(llm.offered[0]).toContain('get-sum');
      expect(llm.offered[0]).toContain('getPetById');
      expect(llm.offered[0]!.length).toBeLessThanOrEqual(8);
      const results = (await result.data.state!.memory.getLLM())
        .map(
          (m: ChatMessage) =>
            (m.options as { toolResult?: { result: string; isError: boolean } } | undefined)?.toolResult,
        )
        .filter((r): r is { result: string; isError: boolean } => r !== undefined);
      expect(results.map((r) => [r.isError, r.result])).toEqual([
        [false, 'The sum of 2 and 3 is 5.'],
        // LlamaIndex renders object results without quotes.
        [false, '{\n  id: 1,\n  name: Rex,\n  status: available\n}'],
      ]);
      expect(result.data.result).toBe('2 + 3 = 5, and Rex (pet 1) is available.');
    },
  );
});
