import { randomUUID } from 'node:crypto';
import { type Message, type Part, Role, type Task, TaskState } from '@a2a-js/sdk';
import { type Client, ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCAL_TOKEN,
  PARTNER_TOKEN,
  startToolsetServer,
  type ToolsetServer,
} from '../test-fixtures/toolset-server.js';

const data = (value: unknown): Part => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: 'application/json',
});
const text = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
});

function message(parts: Part[], skillId?: string, taskId = '', contextId = ''): Message {
  return {
    messageId: randomUUID(),
    contextId,
    taskId,
    role: Role.ROLE_USER,
    parts,
    metadata: skillId ? { skillId } : undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

const request = (msg: Message) => ({
  tenant: '',
  message: msg,
  configuration: undefined,
  metadata: undefined,
});

async function sdkClient(url: string, token?: string): Promise<Client> {
  const fetchImpl: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  };
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl })],
    cardResolver: new (await import('@a2a-js/sdk/client')).DefaultAgentCardResolver({ fetchImpl }),
  });
  return factory.createFromUrl(url);
}

function artifactValue(task: Task): unknown {
  const part = task.artifacts[0]?.parts[0]?.content;
  return part?.$case === 'data' || part?.$case === 'text' ? part.value : undefined;
}

describe('the A2A SDK client against our server', () => {
  let served: ToolsetServer;
  beforeAll(async () => {
    served = await startToolsetServer();
  });
  afterAll(() => served.close());

  it.each([
    ['public', undefined, ['big_report', 'get_weather', 'slow', 'summarise']],
    [
      'partner',
      PARTNER_TOKEN,
      ['big_report', 'get_weather', 'partner_report', 'slow', 'summarise', 'transfer_funds'],
    ],
    [
      'local',
      LOCAL_TOKEN,
      ['big_report', 'delete_record', 'get_weather', 'partner_report', 'slow', 'summarise', 'transfer_funds'],
    ],
  ])('reads the %s card with only that level’s skills', async (_level, token, skills) => {
    const client = await sdkClient(served.url, token);
    const card = await client.getAgentCard();
    expect(card.name).toBe('Arsenal Agent');
    expect(card.capabilities?.streaming).toBe(true);
    expect(card.skills.map((s) => s.id).sort()).toEqual(skills);
  });

  it('public: sends a message (blocking) and gets the tool result as an artifact', async () => {
    const client = await sdkClient(served.url);
    const result = (await client.sendMessage(
      request(message([data({ city: 'Oslo' })], 'get_weather')),
    )) as Task;
    expect(result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(artifactValue(result)).toEqual({ city: 'Oslo', tempC: 21 });
    const again = await client.getTask({ tenant: '', id: result.id, historyLength: 0 });
    expect(again.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it('public: streams the task lifecycle', async () => {
    const client = await sdkClient(served.url);
    const states: TaskState[] = [];
    for await (const event of client.sendMessageStream(
      request(message([text('a long text')], 'summarise')),
    )) {
      const p = event.payload;
      if (p?.$case === 'task' && p.value.status) states.push(p.value.status.state);
      if (p?.$case === 'statusUpdate' && p.value.status) states.push(p.value.status.state);
    }
    expect(states).toEqual([
      TaskState.TASK_STATE_SUBMITTED,
      TaskState.TASK_STATE_WORKING,
      TaskState.TASK_STATE_COMPLETED,
    ]);
  });

  it('public: a partner skill is refused exactly like a skill that does not exist', async () => {
    const client = await sdkClient(served.url);
    const hidden = (await client.sendMessage(
      request(message([data({ quarter: 'Q1' })], 'partner_report')),
    )) as Task;
    const missing = (await client.sendMessage(
      request(message([data({ quarter: 'Q1' })], 'no_such_skill')),
    )) as Task;
    const said = (t: Task) => {
      const c = t.status?.message?.parts[0]?.content;
      return c?.$case === 'text' ? c.value : '';
    };
    expect(hidden.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(missing.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(said(hidden).replace('partner_report', 'X')).toBe(said(missing).replace('no_such_skill', 'X'));
    expect(served.log.runs.get('partner_report')).toBeUndefined();
  });

  it('partner: runs a partner skill', async () => {
    const client = await sdkClient(served.url, PARTNER_TOKEN);
    const result = (await client.sendMessage(
      request(message([data({ quarter: 'Q2' })], 'partner_report')),
    )) as Task;
    expect(artifactValue(result)).toEqual({ quarter: 'Q2', revenue: 1_000_000 });
  });

  it('local: a confirmation goes to input-required and resumes on the answer', async () => {
    const client = await sdkClient(served.url, LOCAL_TOKEN);
    const asked = (await client.sendMessage(request(message([data({ id: 'r9' })], 'delete_record')))) as Task;
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(served.log.runs.get('delete_record') ?? 0).toBe(0);
    const done = (await client.sendMessage(
      request(message([data({ confirm: true })], undefined, asked.id, asked.contextId)),
    )) as Task;
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(artifactValue(done)).toEqual({ deleted: 'r9' });
    expect(served.log.runs.get('delete_record')).toBe(1);
  });

  it('a wrong token is refused (401), never served at a lower level', async () => {
    await expect(sdkClient(served.url, 'not-a-token')).rejects.toThrow(/401/);
  });
});
