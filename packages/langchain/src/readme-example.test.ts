import { AIMessage, ToolMessage } from '@langchain/core/messages';
import type { McpPool } from '@toolarsenal/mcp';
import { readmeExample } from '@toolarsenal/toolkit-testing';
import { afterAll, describe, expect, it } from 'vitest';
import { RecordingModel } from './test-fixtures/recording-model.js';

// The README's agent.ts, run as written with LangChain's scripted fake model in place of a live one.
const readme = readmeExample(new URL('../', import.meta.url));

describe('README example', () => {
  let mcp: McpPool | undefined;
  afterAll(async () => {
    await mcp?.close();
    readme.cleanup();
  });

  it(
    'agent.ts: an MCP server and an OpenAPI document behind one agent, the best 8 tools per turn',
    { timeout: 120_000 },
    async () => {
      const example = await readme.importBlock<{
        mcp: McpPool;
        createAssistant: (model: unknown) => { invoke(input: unknown): Promise<{ messages: unknown[] }> };
      }>();
      mcp = example.mcp;
      const model = new RecordingModel()
        .respondWithTools([
          { name: 'get-sum', args: { a: 2, b: 3 }, id: 's1' },
          { name: 'getPetById', args: { path: { petId: 1 } }, id: 'p1' },
        ])
        .respond(new AIMessage('2 + 3 = 5, and Rex (pet 1) is available.'));
      const { messages } = await example.createAssistant(model).invoke({
        messages: [
          { role: 'user', content: 'What is the sum of 2 and 3? And is pet 1 of the store available?' },
        ],
      });
      expect(model.offered[0]).toContain('get-sum');
      expect(model.offered[0]).toContain('getPetById');
      expect(model.offered[0]!.length).toBeLessThanOrEqual(8);
      const results = messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));
      expect(results.map((m) => [m.name, m.status, m.text])).toEqual([
        ['get-sum', 'success', 'The sum of 2 and 3 is 5.'],
        ['getPetById', 'success', '{"id":1,"name":"Rex","status":"available"}'],
      ]);
      expect((messages.at(-1) as AIMessage).text).toBe('2 + 3 = 5, and Rex (pet 1) is available.');
    },
  );
});
