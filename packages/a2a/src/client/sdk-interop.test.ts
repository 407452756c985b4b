import { createRunner } from '@toolarsenal/toolrun';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SampleAgent, startSampleAgent } from '../test-fixtures/sdk-agent.js';
import { type A2AAgent, connectAgent } from './agent.js';

function toolNamed(agent: A2AAgent, name: string) {
  const tool = agent.tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
}

describe.each([
  ['streaming', true],
  ['polling', false],
])('our client against the A2A SDK sample agent (%s)', (_mode, streaming) => {
  let sample: SampleAgent;
  let agent: A2AAgent;

  beforeAll(async () => {
    sample = await startSampleAgent({ streaming });
    agent = await connectAgent({ cardUrl: sample.cardUrl, pollIntervalMs: 20, maxPollIntervalMs: 50 });
  });
  afterAll(() => sample.close());

  const runner = () => createRunner({ executors: [agent.executor], tools: [...agent.tools] });

  it('turns every skill into a canonical tool named after the agent', () => {
    expect(agent.tools.map((t) => t.id)).toEqual(
      ['echo', 'chunks', 'book', 'fail', 'reject', 'big', 'rich', 'forever'].map(
        (n) => `Sample_Agent:${n}@1.2.0`,
      ),
    );
    const echo = toolNamed(agent, 'echo');
    expect(echo).toMatchObject({
      namespace: 'Sample_Agent',
      source: 'a2a',
      description: 'The echo skill',
      tags: ['sample', 'echo'],
      examples: ['say hello back'],
      inputSchema: { type: 'object', required: ['message'] },
    });
    // The card's default modes become the skill's own; protobuf's empty lists mean "unset".
    expect(echo.sourceMeta?.a2a).toEqual({
      inputModes: ['text/plain'],
      outputModes: ['text/plain'],
      extra: { securityRequirements: [] },
    });
    expect(toolNamed(agent, 'book').title).toBe('Book a trip');
    expect(toolNamed(agent, 'rich').sourceMeta?.a2a).toMatchObject({
      outputModes: ['application/json', 'image/png'],
    });
  });

  it('completes a task and returns its artifact', async () => {
    const result = await runner().run({ name: 'echo', arguments: { message: 'hello' } });
    expect(result.status).toBe('success');
    expect(result.result).toBe('echo: hello');
    expect(sample.log.runs.get('echo')).toBeGreaterThanOrEqual(1);
  });

  it('joins appended artifact chunks', async () => {
    const result = await runner().run({ name: 'chunks', arguments: { message: 'go' } });
    expect(result.result).toBe('one \ntwo \nthree');
  });

  it('returns data, files and links as the tool result', async () => {
    const result = await runner().run({ name: 'rich', arguments: { message: 'chart' } });
    expect(result.status).toBe('success');
    expect(result.result).toEqual({
      data: { answer: 42 },
      files: [
        { name: 'chart.png', mediaType: 'image/png', bytes: Buffer.from('PNG').toString('base64') },
        { name: 'report.pdf', mediaType: 'application/pdf', uri: 'https://example.test/report.pdf' },
      ],
    });
    expect(result.content).toEqual([
      { type: 'text', text: '{"answer":42}' },
      { type: 'image', data: Buffer.from('PNG').toString('base64'), mimeType: 'image/png' },
      {
        type: 'resource_link',
        uri: 'https://example.test/report.pdf',
        mimeType: 'application/pdf',
        name: 'report.pdf',
      },
    ]);
  });

  it('surfaces input-required as a resumable result, then resumes the same task', async () => {
    const r = runner();
    const first = await r.run({ name: 'book', arguments: { message: 'book me a trip' } });
    expect(first.status).toBe('success');
    expect(first.result).toMatchObject({ state: 'input-required', message: 'Which city?' });
    const { taskId, contextId } = first.result as { taskId: string; contextId: string };
    expect(taskId).toMatch(/[0-9a-f-]{36}/);
    const second = await r.run(
      { name: 'book', arguments: { message: 'Paris' } },
      { context: { a2a: { taskId, contextId } } },
    );
    expect(second.status).toBe('success');
    expect(second.result).toBe('booked in Paris');
    expect(sample.log.runs.get('book:reply')).toBeGreaterThanOrEqual(1);
  });

  it('reports a failed task as a typed failure with the agent’s reason', async () => {
    const result = await runner().run({ name: 'fail', arguments: { message: 'print' } });
    expect(result.status).toBe('failure');
    expect(result.error?.code).toBe('A2A_TASK_FAILED');
    expect(result.error?.message).toContain('the printer is on fire');
  });

  it('reports a rejected task as a typed failure', async () => {
    const result = await runner().run({ name: 'reject', arguments: { message: 'please' } });
    expect(result.error?.code).toBe('A2A_TASK_REJECTED');
    expect(result.error?.message).toContain('not today');
  });

  it('cancels the remote task when the runner aborts the call', async () => {
    const controller = new AbortController();
    const before = sample.log.cancelled.length;
    const r = runner();
    const pending = r.run({ name: 'forever', arguments: { message: 'wait' } }, { signal: controller.signal });
    await waitFor(
      () => (sample.log.runs.get('forever') ?? 0) > 0 && sample.log.runs.get('forever')! > before,
    );
    controller.abort();
    const result = await pending;
    expect(result.status).toBe('cancelled');
    await waitFor(() => sample.log.cancelled.length > before);
    expect(sample.log.cancelled.length).toBe(before + 1);
  });
});

async function waitFor(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
