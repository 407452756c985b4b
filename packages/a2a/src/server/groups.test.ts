import { createRunner } from '@toolarsenal/toolrun';
import { toolset } from '@toolarsenal/toolset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent } from '../client/agent.js';
import { ALL_TOOLS, startToolsetServer, type ToolsetServer } from '../test-fixtures/toolset-server.js';

describe('skills per toolset group', () => {
  let served: ToolsetServer;
  beforeAll(async () => {
    const group = toolset('weather-and-text')
      .from(ALL_TOOLS)
      .where((t) => t.name === 'get_weather' || t.name === 'summarise')
      .build();
    served = await startToolsetServer({
      groups: [
        {
          id: 'everyday',
          name: 'Everyday tools',
          description: 'Weather and text',
          tags: ['daily'],
          toolset: group,
        },
      ],
    });
  });
  afterAll(() => served.close());

  it('serves a group as one skill naming its tools, and runs the tool the caller names', async () => {
    const agent = await connectAgent({ cardUrl: served.url });
    expect(agent.tools.map((t) => t.name).sort()).toEqual(['big_report', 'everyday', 'slow']);
    const everyday = agent.tools.find((t) => t.name === 'everyday')!;
    expect(everyday.title).toBe('Everyday tools');
    expect(everyday.inputSchema).toMatchObject({
      properties: { tool: { enum: ['get_weather', 'summarise'] } },
      required: ['tool'],
    });
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const result = await runner.run({
      name: 'everyday',
      arguments: { tool: 'get_weather', arguments: { city: 'Lima' } },
    });
    expect(result.result).toEqual({ city: 'Lima', tempC: 21 });
    const wrong = await runner.run({
      name: 'everyday',
      arguments: { tool: 'get_weather', arguments: { town: 'Lima' } },
    });
    expect(wrong.status).toBe('failure');
    expect(wrong.error?.code).toBe('A2A_TASK_FAILED');
    expect(served.log.runs.get('get_weather')).toBe(1);
  });

  it('offers a group only the tools the caller’s level may see', () => {
    const card = served.server.cardFor({}) as { skills: { id: string; description: string }[] };
    const everyday = card.skills.find((s) => s.id === 'everyday')!;
    expect(everyday.description).toContain('get_weather, summarise');
  });
});
