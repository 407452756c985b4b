import { fromCanonical } from '@toolarsenal/tooladapter';
import { createRunner } from '@toolarsenal/toolrun';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent } from './client/agent.js';
import {
  ALL_TOOLS,
  LOCAL_TOKEN,
  PARTNER_TOKEN,
  startToolsetServer,
  type ToolsetServer,
} from './test-fixtures/toolset-server.js';

describe('our client → our server', () => {
  let served: ToolsetServer;
  beforeAll(async () => {
    served = await startToolsetServer();
  });
  afterAll(() => served.close());

  it('keeps every skill lossless: same tool fields, same skill when exported again', async () => {
    const agent = await connectAgent({ cardUrl: served.url, auth: { bearer: LOCAL_TOKEN } });
    const card = agent.card as { skills: Record<string, unknown>[] };
    expect(agent.tools.map((t) => t.name).sort()).toEqual(ALL_TOOLS.map((t) => t.name).sort());
    for (const original of ALL_TOOLS) {
      const tool = agent.tools.find((t) => t.name === original.name)!;
      expect(tool.namespace).toBe('Arsenal_Agent');
      for (const field of [
        'title',
        'description',
        'tags',
        'examples',
        'inputSchema',
        'outputSchema',
        'annotations',
      ] as const)
        expect(tool[field], `${original.name}.${field}`).toEqual(original[field]);
      const skill = card.skills.find((s) => s.id === original.name);
      expect(fromCanonical(tool, 'a2a-skill').value).toEqual(skill);
    }
  });

  it('serves each level its own skills (cumulative: partner sees public, local sees all)', async () => {
    const names = async (auth?: { bearer: string }) =>
      (await connectAgent({ cardUrl: served.url, ...(auth ? { auth } : {}) })).tools
        .map((t) => t.name)
        .sort();
    expect(await names()).toEqual(['big_report', 'get_weather', 'slow', 'summarise']);
    expect(await names({ bearer: PARTNER_TOKEN })).toEqual([
      'big_report',
      'get_weather',
      'partner_report',
      'slow',
      'summarise',
      'transfer_funds',
    ]);
    expect(await names({ bearer: LOCAL_TOKEN })).toHaveLength(ALL_TOOLS.length);
  });

  it('runs structured and plain-message skills through the runner and returns the tool’s own value', async () => {
    const agent = await connectAgent({ cardUrl: served.url });
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const weather = await runner.run({ name: 'get_weather', arguments: { city: 'Paris' } });
    expect(weather.status).toBe('success');
    expect(weather.result).toEqual({ city: 'Paris', tempC: 21 });
    const summary = await runner.run({ name: 'summarise', arguments: { message: 'hello world' } });
    expect(summary.result).toBe('summary of 11 characters');
    const invalid = await runner.run({ name: 'get_weather', arguments: { days: 0 } });
    expect(invalid.status).toBe('invalid_arguments');
  });

  it('asks for confirmation (policy obligation); an unclear answer asks again, "no" runs nothing', async () => {
    const agent = await connectAgent({ cardUrl: served.url, auth: { bearer: PARTNER_TOKEN } });
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const asked = await runner.run({ name: 'transfer_funds', arguments: { amount: 10, to: 'bob' } });
    expect(asked.status).toBe('success');
    expect(asked.result).toMatchObject({
      state: 'input-required',
      data: {
        confirm: { tool: 'transfer_funds', arguments: { amount: 10, to: 'bob' }, reason: 'it moves money' },
      },
    });
    const resume = { context: { a2a: asked.result as { taskId: string; contextId: string } } };
    // New arguments are not an answer: the question stands, and only the call shown can ever run.
    const other = await runner.run(
      { name: 'transfer_funds', arguments: { amount: 999_999, to: 'mallory' } },
      resume,
    );
    expect(other.result).toMatchObject({
      state: 'input-required',
      data: { confirm: { arguments: { amount: 10, to: 'bob' } } },
    });
    const no = await runner.run({ name: 'summarise', arguments: { message: 'no' } }, resume);
    expect(no.status).toBe('failure');
    expect(no.error?.code).toBe('A2A_TASK_CANCELED');
    expect(served.log.runs.get('transfer_funds')).toBeUndefined();
  });

  it('runs a confirmed call once, and refuses a second answer', async () => {
    const agent = await connectAgent({ cardUrl: served.url, auth: { bearer: PARTNER_TOKEN } });
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const asked = await runner.run({ name: 'transfer_funds', arguments: { amount: 5, to: 'carol' } });
    const resume = { context: { a2a: asked.result as { taskId: string; contextId: string } } };
    const summarise = agent.tools.find((t) => t.name === 'summarise')!;
    // The reply travels as text: "yes".
    const yes = await runner.run({ name: summarise.name, arguments: { message: 'yes' } }, resume);
    expect(yes.status).toBe('success');
    // Answered through a plain-message tool, the result comes back in the summary shape.
    expect(yes.result).toEqual({ data: { transferred: 5, to: 'carol' } });
    expect(served.log.runs.get('transfer_funds')).toBe(1);
    const again = await runner.run({ name: summarise.name, arguments: { message: 'yes' } }, resume);
    expect(again.status).toBe('failure');
    expect(again.error?.code).toBe('A2A_PROTOCOL_ERROR');
    expect(served.log.runs.get('transfer_funds')).toBe(1);
  });

  it('routes the runner’s own confirmation (delete_*) through input-required too', async () => {
    const agent = await connectAgent({ cardUrl: served.url, auth: { bearer: LOCAL_TOKEN } });
    // The remote server asks; the local runner's own delete_* rule is off for this test.
    const runner = createRunner({
      executors: [agent.executor],
      tools: [...agent.tools],
      confirmation: false,
    });
    const asked = await runner.run({ name: 'delete_record', arguments: { id: 'r1' } });
    expect(asked.result).toMatchObject({ state: 'input-required' });
    expect((asked.result as { message: string }).message).toContain('delete_record');
    const resume = { context: { a2a: asked.result as { taskId: string; contextId: string } } };
    const unclear = await runner.run({ name: 'summarise', arguments: { message: 'maybe' } }, resume);
    expect(unclear.result).toMatchObject({
      state: 'input-required',
      message: expect.stringContaining('yes or no'),
    });
    const yes = await runner.run({ name: 'summarise', arguments: { message: 'yes' } }, resume);
    expect(yes.result).toEqual({ data: { deleted: 'r1' } });
    expect(served.log.runs.get('delete_record')).toBe(1);
  });

  it('the runner enforces the policy’s obligations for the caller’s level (rate limit)', async () => {
    const agent = await connectAgent({ cardUrl: served.url, auth: { bearer: PARTNER_TOKEN } });
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const call = () => runner.run({ name: 'partner_report', arguments: { quarter: 'Q3' } });
    expect((await call()).result).toEqual({ quarter: 'Q3', revenue: 1_000_000 });
    expect((await call()).status).toBe('success');
    const third = await call();
    expect(third.status).toBe('failure');
    expect(third.error?.code).toBe('A2A_TASK_FAILED');
    expect(third.error?.message).toContain('The access policy limits these calls');
    // The remote runner's own error travels along for the caller to act on.
    expect(third.error?.details?.remoteError).toMatchObject({ code: 'RATE_LIMITED', retryable: true });
    expect(served.log.runs.get('partner_report')).toBe(2);
  });
});
