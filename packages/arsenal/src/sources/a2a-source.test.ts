import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AGENT_CARD_PATH, type AgentCard, type Message, type Part, TaskState } from '@a2a-js/sdk';
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryTaskStore,
  type RequestContext,
} from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { type Arsenal, createArsenal, parseConfig, type Serving } from '../index.js';

// An A2A source end to end: a real agent built from the A2A SDK's own server classes on
// 127.0.0.1 → `a2a:` source of createArsenal → served over MCP (HTTP) → the MCP SDK client finds
// the skill and calls it through `call_tool`.

const text = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
});
const textOf = (message: Message) =>
  message.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');

/** Answers every message with its text reversed, as a completed task with one artifact. */
class ReverseExecutor implements AgentExecutor {
  calls = 0;
  async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
    this.calls++;
    const { taskId, contextId } = ctx;
    const now = () => new Date().toISOString();
    bus.publish(
      AgentEvent.task({
        id: taskId,
        contextId,
        status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: now() },
        artifacts: [],
        history: [ctx.userMessage],
        metadata: {},
      }),
    );
    bus.publish(
      AgentEvent.artifactUpdate({
        taskId,
        contextId,
        artifact: {
          artifactId: randomUUID(),
          name: 'out',
          description: '',
          parts: [text([...textOf(ctx.userMessage)].reverse().join(''))],
          metadata: undefined,
          extensions: [],
        },
        append: false,
        lastChunk: true,
        metadata: undefined,
      }),
    );
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: { state: TaskState.TASK_STATE_COMPLETED, message: undefined, timestamp: now() },
        metadata: undefined,
      }),
    );
  }
  async cancelTask(): Promise<void> {}
}

async function startAgent(): Promise<{ url: string; executor: ReverseExecutor; close(): Promise<void> }> {
  const app = express();
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const card: AgentCard = {
    name: 'Reverser',
    description: 'Reverses text.',
    version: '1.0.0',
    supportedInterfaces: [
      { url: `${url}/a2a`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
    ],
    provider: undefined,
    capabilities: { streaming: true, pushNotifications: false, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [
      {
        id: 'reverse',
        name: 'Reverse text',
        description: 'Reverse the letters of a piece of text.',
        tags: ['text'],
        examples: ['reverse "hello"'],
        inputModes: [],
        outputModes: [],
        securityRequirements: [],
      },
    ],
    signatures: [],
  };
  const executor = new ReverseExecutor();
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: handler }));
  app.use('/a2a', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  return {
    url,
    executor,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

function arsenalOf(yaml: string): Arsenal {
  const arsenal = createArsenal(parseConfig(yaml, { dir: process.cwd(), env: {} }));
  cleanups.push(() => arsenal.close({ graceMs: 0 }));
  return arsenal;
}

describe('an A2A source, end to end', () => {
  it('a real A2A agent on 127.0.0.1: its skill is served over MCP, found and called through call_tool', async () => {
    const agent = await startAgent();
    cleanups.push(() => agent.close());
    const host = new URL(agent.url).host;
    const arsenal = arsenalOf(
      `sources:\n  - name: helper\n    a2a: { cardUrl: ${JSON.stringify(agent.url)}, allowedHosts: [${JSON.stringify(host)}] }\n`,
    );
    await arsenal.ready();
    expect(arsenal.status()[0]).toMatchObject({ name: 'helper', kind: 'a2a', status: 'ready', tools: 1 });
    const serving: Serving = await arsenal.serve({ transport: 'http', port: 0 });
    cleanups.push(() => serving.close({ graceMs: 0 }));
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(serving.url!)));
    cleanups.push(() => client.close());

    const found = await client.callTool({
      name: 'find_tools',
      arguments: { query: 'reverse the letters of text' },
    });
    const ids = ((found.structuredContent as { tools?: { id: string }[] }).tools ?? []).map((t) => t.id);
    expect(ids[0]).toMatch(/^helper[_:]reverse/);
    const called = await client.callTool({
      name: 'call_tool',
      arguments: { id: ids[0]!, arguments: { message: 'gateway' } },
    });
    expect(called.isError).not.toBe(true);
    expect(JSON.stringify(called.content)).toContain('yawetag');
    expect(agent.executor.calls).toBe(1);
  });

  it('the agent host must be allowed: a loopback card URL without allowedHosts is refused and the source reported', async () => {
    const agent = await startAgent();
    cleanups.push(() => agent.close());
    const arsenal = arsenalOf(
      `sources:\n  - name: helper\n    a2a: { cardUrl: ${JSON.stringify(agent.url)} }\n    retry: { maxAttempts: 1 }\n`,
    );
    await arsenal.ready();
    const state = arsenal.status()[0]!;
    expect(state.status).not.toBe('ready');
    expect(state.error).toMatch(/loopback|not allowed|allowed hosts/);
    expect(arsenal.tools()).toEqual([]);
    expect(agent.executor.calls).toBe(0);
  });
});
