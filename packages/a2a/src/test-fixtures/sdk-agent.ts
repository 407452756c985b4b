/**
 * A sample agent built only from the A2A SDK's own server classes (DefaultRequestHandler, an
 * AgentExecutor, the SDK's express JSON-RPC and card handlers), served on 127.0.0.1 — the
 * reference implementation our client is tested against.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AGENT_CARD_PATH, type AgentCard, type Message, type Part, Role, TaskState } from '@a2a-js/sdk';
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryTaskStore,
  type RequestContext,
} from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express from 'express';

const text = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
});

function agentMessage(taskId: string, contextId: string, parts: Part[]): Message {
  return {
    messageId: randomUUID(),
    contextId,
    taskId,
    role: Role.ROLE_AGENT,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

function userText(message: Message): string {
  return message.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');
}

export interface SampleAgentLog {
  /** Executions per skill (a follow-up turn counts under `<skill>:reply`). */
  runs: Map<string, number>;
  /** Task ids the SDK asked the executor to cancel. */
  cancelled: string[];
  /** Service parameters (headers) of the requests, for auth checks. */
  authorizations: (string | undefined)[];
}

class SampleExecutor implements AgentExecutor {
  private readonly stops = new Map<string, () => void>();
  constructor(private readonly log: SampleAgentLog) {}

  async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId } = ctx;
    const message = ctx.userMessage;
    const skill = ctx.task
      ? `${String(ctx.task.metadata?.skill)}:reply`
      : String(message.metadata?.skillId ?? 'echo');
    this.log.runs.set(skill, (this.log.runs.get(skill) ?? 0) + 1);
    const status = (state: TaskState, words?: string) =>
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId,
          status: {
            state,
            message: words === undefined ? undefined : agentMessage(taskId, contextId, [text(words)]),
            timestamp: new Date().toISOString(),
          },
          metadata: undefined,
        }),
      );
    const artifact = (parts: Part[], append = false, artifactId = 'out') =>
      bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          artifact: { artifactId, name: 'out', description: '', parts, metadata: undefined, extensions: [] },
          append,
          lastChunk: !append,
          metadata: undefined,
        }),
      );
    bus.publish(
      AgentEvent.task(
        ctx.task ?? {
          id: taskId,
          contextId,
          status: {
            state: TaskState.TASK_STATE_SUBMITTED,
            message: undefined,
            timestamp: new Date().toISOString(),
          },
          artifacts: [],
          history: [message],
          metadata: { skill },
        },
      ),
    );
    status(TaskState.TASK_STATE_WORKING);
    switch (skill) {
      case 'echo':
        artifact([text(`echo: ${userText(message)}`)]);
        return status(TaskState.TASK_STATE_COMPLETED);
      case 'chunks':
        for (const piece of ['one ', 'two ', 'three']) artifact([text(piece)], piece !== 'one ');
        return status(TaskState.TASK_STATE_COMPLETED);
      case 'book':
        return status(TaskState.TASK_STATE_INPUT_REQUIRED, 'Which city?');
      case 'book:reply':
        artifact([text(`booked in ${userText(message)}`)]);
        return status(TaskState.TASK_STATE_COMPLETED);
      case 'fail':
        return status(TaskState.TASK_STATE_FAILED, 'the printer is on fire');
      case 'reject':
        return status(TaskState.TASK_STATE_REJECTED, 'not today');
      case 'big':
        artifact([text('x'.repeat(5 * 1024 * 1024))]);
        return status(TaskState.TASK_STATE_COMPLETED);
      case 'rich':
        artifact([
          {
            content: { $case: 'data', value: { answer: 42 } },
            metadata: undefined,
            filename: '',
            mediaType: 'application/json',
          },
          {
            content: { $case: 'raw', value: Buffer.from('PNG') },
            metadata: undefined,
            filename: 'chart.png',
            mediaType: 'image/png',
          },
          {
            content: { $case: 'url', value: 'https://example.test/report.pdf' },
            metadata: undefined,
            filename: 'report.pdf',
            mediaType: 'application/pdf',
          },
        ]);
        return status(TaskState.TASK_STATE_COMPLETED);
      case 'forever':
        // Never completes on its own; only a cancel ends it.
        await new Promise<void>((resolve) => this.stops.set(taskId, resolve));
        return;
      default:
        return status(TaskState.TASK_STATE_REJECTED, `unknown skill ${skill}`);
    }
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    this.log.cancelled.push(taskId);
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId: '',
        status: {
          state: TaskState.TASK_STATE_CANCELED,
          message: undefined,
          timestamp: new Date().toISOString(),
        },
        metadata: undefined,
      }),
    );
    this.stops.get(taskId)?.();
    this.stops.delete(taskId);
  }
}

const SKILLS = ['echo', 'chunks', 'book', 'fail', 'reject', 'big', 'rich', 'forever'];

export interface SampleAgent {
  url: string;
  cardUrl: string;
  log: SampleAgentLog;
  card: AgentCard;
  close(): Promise<void>;
}

/** Starts the sample agent; `streaming: false` makes clients poll. `requireBearer` declares and checks a token. */
export async function startSampleAgent(
  options: { streaming?: boolean; requireBearer?: string } = {},
): Promise<SampleAgent> {
  const log: SampleAgentLog = { runs: new Map(), cancelled: [], authorizations: [] };
  const app = express();
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const card: AgentCard = {
    name: 'Sample Agent',
    description: 'A2A SDK sample agent for interop tests',
    version: '1.2.0',
    supportedInterfaces: [
      { url: `${url}/a2a`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
    ],
    provider: undefined,
    capabilities: { streaming: options.streaming ?? true, pushNotifications: false, extensions: [] },
    securitySchemes: options.requireBearer
      ? {
          bearer: {
            scheme: {
              $case: 'httpAuthSecurityScheme',
              value: { description: '', scheme: 'Bearer', bearerFormat: '' },
            },
          },
        }
      : {},
    securityRequirements: options.requireBearer ? [{ schemes: { bearer: { list: [] } } }] : [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: SKILLS.map((id) => ({
      id,
      name: id === 'book' ? 'Book a trip' : id,
      description: `The ${id} skill`,
      tags: ['sample', id],
      examples: id === 'echo' ? ['say hello back'] : [],
      inputModes: [],
      outputModes: id === 'rich' ? ['application/json', 'image/png'] : [],
      securityRequirements: [],
    })),
    signatures: [],
  };
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new SampleExecutor(log));
  app.use((req, res, next) => {
    if (req.path === '/a2a') {
      log.authorizations.push(req.headers.authorization);
      if (options.requireBearer && req.headers.authorization !== `Bearer ${options.requireBearer}`) {
        res.status(401).json({ error: 'unauthorized' });
        return;
      }
    }
    next();
  });
  app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: handler }));
  app.use('/a2a', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  return {
    url,
    cardUrl: url,
    log,
    card,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
