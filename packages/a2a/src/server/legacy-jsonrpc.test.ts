import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolsetServer, type ToolsetServer } from '../test-fixtures/toolset-server.js';

/** v0.3 JSON-RPC, as a v0.3 client sends it (no A2A-Version header, slash-style method names). */
async function rpc(url: string, method: string, params: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/a2a`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

const userMessage = (parts: unknown[], skillId: string, extra: Record<string, unknown> = {}) => ({
  message: { kind: 'message', messageId: randomUUID(), role: 'user', parts, metadata: { skillId }, ...extra },
});

describe('v0.3 JSON-RPC methods (message/send, message/stream, tasks/get, tasks/cancel)', () => {
  let served: ToolsetServer;
  beforeAll(async () => {
    served = await startToolsetServer();
  });
  afterAll(() => served.close());

  it('message/send runs the skill and tasks/get reads the task back', async () => {
    const sent = await rpc(
      served.url,
      'message/send',
      userMessage([{ kind: 'data', data: { city: 'Rome' } }], 'get_weather'),
    );
    expect(sent.status).toBe(200);
    const body = JSON.parse(sent.text);
    expect(body.result).toMatchObject({ kind: 'task', status: { state: 'completed' } });
    expect(body.result.artifacts[0].parts[0]).toMatchObject({
      kind: 'data',
      data: { city: 'Rome', tempC: 21 },
    });
    const got = JSON.parse((await rpc(served.url, 'tasks/get', { id: body.result.id })).text);
    expect(got.result).toMatchObject({ id: body.result.id, status: { state: 'completed' } });
  });

  it('message/stream answers with server-sent events ending in completed', async () => {
    const sent = await rpc(
      served.url,
      'message/stream',
      userMessage([{ kind: 'text', text: 'abc' }], 'summarise'),
    );
    expect(sent.type).toContain('text/event-stream');
    const events = sent.text
      .split('\n\n')
      .filter((e) => e.startsWith('data: '))
      .map((e) => JSON.parse(e.slice(6)).result);
    expect(events.at(-1)).toMatchObject({
      kind: 'status-update',
      status: { state: 'completed' },
      final: true,
    });
  });

  it('tasks/cancel cancels a running call (its handler is aborted) and it never runs again', async () => {
    const stream = fetch(`${served.url}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'message/stream',
        params: userMessage([], 'slow'),
      }),
    });
    const response = await stream;
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const taskId = JSON.parse(first.slice(first.indexOf('{'), first.indexOf('\n\n'))).result.id as string;
    const cancelled = JSON.parse((await rpc(served.url, 'tasks/cancel', { id: taskId })).text);
    expect(cancelled.result).toMatchObject({ id: taskId, status: { state: 'canceled' } });
    await reader.cancel();
    expect(served.log.aborted).toContain('slow');
    expect(served.log.runs.get('slow')).toBe(1);
    const again = JSON.parse((await rpc(served.url, 'tasks/cancel', { id: taskId })).text);
    expect(again.result).toMatchObject({ status: { state: 'canceled' } });
  });

  it('push notifications are not supported, in either protocol version', async () => {
    const done = JSON.parse(
      (await rpc(served.url, 'message/send', userMessage([{ kind: 'text', text: 'x' }], 'summarise'))).text,
    );
    const taskId = done.result.id as string;
    const legacy = JSON.parse(
      (
        await rpc(served.url, 'tasks/pushNotificationConfig/set', {
          taskId,
          pushNotificationConfig: { url: 'http://127.0.0.1:1/hook' },
        })
      ).text,
    );
    expect(legacy.error).toMatchObject({ code: -32003 });
    const v1 = JSON.parse(
      (
        await rpc(
          served.url,
          'CreateTaskPushNotificationConfig',
          { taskId, url: 'http://127.0.0.1:1/hook' },
          { 'A2A-Version': '1.0' },
        )
      ).text,
    );
    expect(v1.error).toMatchObject({ code: -32003 });
  });

  it('tasks/get of an unknown task is a JSON-RPC error', async () => {
    const got = JSON.parse((await rpc(served.url, 'tasks/get', { id: randomUUID() })).text);
    expect(got.error).toMatchObject({ code: -32001 });
  });
});
