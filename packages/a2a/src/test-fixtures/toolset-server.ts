/** A toolset with tools at three exposure levels, served by our A2A server on 127.0.0.1. */
import { defineTool, type Tool } from '@toolarsenal/toolmodel';
import { createRunner, type Runner } from '@toolarsenal/toolrun';
import { createExposure, type Exposure, obligate, policy, type Toolset, toolset } from '@toolarsenal/toolset';
import { A2A_MESSAGE_SCHEMA } from '@toolarsenal/tooladapter';
import { type A2AServer, type A2AServerOptions, createA2AServer } from '../server/server.js';
import { tokenAuth } from '../server/token-auth.js';

export const weather = defineTool({
  name: 'get_weather',
  title: 'Weather',
  description: 'Current weather for a city',
  tags: ['weather'],
  examples: ['weather in Paris?'],
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
    required: ['city'],
    additionalProperties: false,
  },
  outputSchema: { type: 'object', properties: { tempC: { type: 'number' }, city: { type: 'string' } } },
  annotations: { readOnlyHint: true },
});

export const summarise = defineTool({
  name: 'summarise',
  description: 'Summarises a text',
  tags: ['text'],
  inputSchema: {
    ...A2A_MESSAGE_SCHEMA,
    properties: { ...A2A_MESSAGE_SCHEMA.properties },
  } as Tool['inputSchema'],
});

export const slow = defineTool({
  name: 'slow',
  description: 'Waits until cancelled',
  inputSchema: { type: 'object', properties: {} },
});

export const big = defineTool({
  name: 'big_report',
  description: 'Returns a 5 MB report',
  inputSchema: { type: 'object', properties: {} },
});

export const partnerReport = defineTool({
  name: 'partner_report',
  description: 'Sales figures for partners',
  tags: ['sales'],
  inputSchema: { type: 'object', properties: { quarter: { type: 'string' } }, required: ['quarter'] },
});

export const transfer = defineTool({
  name: 'transfer_funds',
  description: 'Moves money between accounts',
  tags: ['sensitive'],
  inputSchema: {
    type: 'object',
    properties: { amount: { type: 'number' }, to: { type: 'string' } },
    required: ['amount', 'to'],
  },
});

export const deleteRecord = defineTool({
  name: 'delete_record',
  description: 'Deletes a record',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
});

export const ALL_TOOLS = [weather, summarise, slow, big, partnerReport, transfer, deleteRecord];

/** Counts every execution, per tool, so tests can prove nothing ran twice. */
export interface RunLog {
  runs: Map<string, number>;
  aborted: string[];
}

/** The recommended setup: the runner enforces the same exposure (and its obligations) as the server. */
export function makeRunner(log: RunLog, exposure?: Exposure): Runner {
  const count = (name: string) => log.runs.set(name, (log.runs.get(name) ?? 0) + 1);
  const runner = createRunner({ defaults: { timeoutMs: 60_000 }, ...(exposure ? { policy: exposure } : {}) });
  runner.register(weather, (args) => {
    count('get_weather');
    return { city: args.city, tempC: 21 };
  });
  runner.register(summarise, (args) => {
    count('summarise');
    return `summary of ${String(args.message).length} characters`;
  });
  runner.register(slow, (_args, request) => {
    count('slow');
    return new Promise((_, reject) => {
      request.signal.addEventListener('abort', () => {
        log.aborted.push('slow');
        reject(new Error('aborted'));
      });
    });
  });
  runner.register(big, () => {
    count('big_report');
    return 'r'.repeat(5 * 1024 * 1024);
  });
  runner.register(partnerReport, (args) => {
    count('partner_report');
    return { quarter: args.quarter, revenue: 1_000_000 };
  });
  runner.register(transfer, (args) => {
    count('transfer_funds');
    return { transferred: args.amount, to: args.to };
  });
  runner.register(deleteRecord, (args) => {
    count('delete_record');
    return { deleted: args.id };
  });
  return runner;
}

export function levelSets(): Record<string, Toolset> {
  const pick = (id: string, ...names: string[]) =>
    toolset(id)
      .from(ALL_TOOLS)
      .where((t) => names.includes(t.name))
      .build();
  return {
    public: pick('public', 'get_weather', 'summarise', 'slow', 'big_report'),
    partner: toolset('partner')
      .from(ALL_TOOLS)
      .where((t) => t.name === 'partner_report' || t.name === 'transfer_funds')
      .policy(
        policy(
          'partner-policy',
          {},
          obligate.tag('sensitive').confirm('it moves money'),
          obligate.tool('partner_report').rateLimit(2, 60_000),
        ),
      )
      .build(),
    local: pick('local', 'delete_record'),
  };
}

export const PARTNER_TOKEN = 'partner-secret-token';
export const LOCAL_TOKEN = 'local-secret-token';

export interface ToolsetServer {
  server: A2AServer;
  url: string;
  log: RunLog;
  runner: Runner;
  close(): Promise<void>;
}

export async function startToolsetServer(extra: Partial<A2AServerOptions> = {}): Promise<ToolsetServer> {
  const log: RunLog = { runs: new Map(), aborted: [] };
  const exposure = createExposure(levelSets());
  const runner = makeRunner(log, exposure);
  const server = createA2AServer({
    runner,
    card: { name: 'Arsenal Agent', description: 'ToolArsenal tools over A2A', version: '2.0.0' },
    exposure,
    authenticate: tokenAuth({
      tokens: {
        [PARTNER_TOKEN]: { id: 'acme', exposure: 'partner' },
        [LOCAL_TOKEN]: { id: 'ops', exposure: 'local' },
      },
    }),
    ...extra,
  });
  const { url } = await server.listen();
  return { server, url, log, runner, close: () => server.close() };
}
