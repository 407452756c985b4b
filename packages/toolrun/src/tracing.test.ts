import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type Context,
  type ContextManager,
  context,
  ROOT_CONTEXT,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { createArgumentValidator } from '@toolarsenal/toolmodel';
import { describe, expect, it, vi } from 'vitest';
import { createRunner } from './index.js';
import { forever, lookupTool } from './test-fixtures/helpers.js';

// One validator (one ajv instance) for the whole file keeps the suite fast.
const validator = createArgumentValidator();

/** A minimal AsyncLocalStorage context manager (what @opentelemetry/context-async-hooks does). */
class AlsContextManager implements ContextManager {
  private readonly als = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.als.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    ctx: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return this.als.run(ctx, () => fn.call(thisArg, ...args));
  }
  bind<T>(_ctx: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    return this;
  }
}

function tracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, tracer: provider.getTracer('test') };
}

describe('OpenTelemetry spans', () => {
  it('creates one execute_tool span per call with gen_ai attributes and matching result ids', async () => {
    const { exporter, tracer } = tracing();
    const runner = createRunner({ validator, tracing: { tracer } });
    runner.register(lookupTool, () => ({ secret: 'result-value' }));
    const result = await runner.run({ id: 'call-7', name: 'lookup', arguments: { q: 'private' } });
    const spans = exporter.getFinishedSpans();
    expect(spans).toHaveLength(1);
    const span = spans[0];
    expect(span?.name).toBe('execute_tool lookup');
    expect(span?.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'lookup',
      'gen_ai.tool.call.id': 'call-7',
      'gen_ai.tool.description': 'Looks something up.',
      'gen_ai.tool.type': 'function',
      'toolarsenal.tool.status': 'success',
      'toolarsenal.tool.attempt': 1,
    });
    expect(span?.status.code).toBe(SpanStatusCode.OK);
    expect(result.traceId).toBe(span?.spanContext().traceId);
    expect(result.spanId).toBe(span?.spanContext().spanId);
    // Payloads stay out of traces unless opted in.
    expect(JSON.stringify(span?.attributes)).not.toContain('private');
    expect(JSON.stringify(span?.attributes)).not.toContain('result-value');
  });

  it('marks failures with error.type and an error status', async () => {
    const { exporter, tracer } = tracing();
    const runner = createRunner({ validator, tracing: { tracer } });
    runner.register(lookupTool, { timeoutMs: 50, retry: false, handler: () => forever() });
    vi.useFakeTimers();
    try {
      const run = runner.run({ name: 'lookup' });
      await vi.advanceTimersByTimeAsync(50);
      await run;
    } finally {
      vi.useRealTimers();
    }
    await runner.run({ name: 'missing' });
    const [timeout, missing] = exporter.getFinishedSpans();
    expect(timeout?.attributes['error.type']).toBe('TIMEOUT');
    expect(timeout?.status.code).toBe(SpanStatusCode.ERROR);
    expect(missing?.name).toBe('execute_tool missing');
    expect(missing?.attributes['error.type']).toBe('TOOL_NOT_FOUND');
  });

  it('records arguments and results only when opted in', async () => {
    const { exporter, tracer } = tracing();
    const runner = createRunner({
      validator,
      tracing: { tracer, recordArguments: true, recordResults: true },
    });
    runner.register(lookupTool, () => ({ answer: 42 }));
    await runner.run({ name: 'lookup', arguments: { q: 'life' } });
    const span = exporter.getFinishedSpans()[0];
    expect(span?.attributes['gen_ai.tool.call.arguments']).toBe('{"q":"life"}');
    expect(span?.attributes['gen_ai.tool.call.result']).toBe('{"answer":42}');
  });

  it('parents executor spans under the tool span and the tool span under the caller span', async () => {
    const { exporter, tracer } = tracing();
    const runner = createRunner({ validator, tracing: { tracer } });
    runner.register(lookupTool, () => {
      tracer.startSpan('inner work').end();
      return 'ok';
    });
    const parent = tracer.startSpan('agent turn');
    await runner.run({ name: 'lookup' }, { traceContext: trace.setSpan(context.active(), parent) });
    parent.end();
    const spans = exporter.getFinishedSpans();
    const tool = spans.find((s) => s.name === 'execute_tool lookup');
    expect(tool?.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(tool?.spanContext().traceId).toBe(parent.spanContext().traceId);
    // With a context manager installed, spans the executor opens become children of the tool span.
    expect(context.setGlobalContextManager(new AlsContextManager())).toBe(true);
    try {
      await runner.run({ name: 'lookup' });
    } finally {
      context.disable();
    }
    const all = exporter.getFinishedSpans();
    const inner = all.at(-2);
    const toolSpan = all.at(-1);
    expect(inner?.name).toBe('inner work');
    expect(inner?.parentSpanContext?.spanId).toBe(toolSpan?.spanContext().spanId);
  });

  it('still returns trace ids with tracing disabled or with the no-op global tracer', async () => {
    const off = createRunner({ validator, tracing: { enabled: false } });
    off.register(lookupTool, () => 'ok');
    const r = await off.run({ name: 'lookup' });
    expect(r.traceId).toMatch(/^[0-9a-f]{32}$/);
    const noop = createRunner({ validator });
    noop.register(lookupTool, () => 'ok');
    const n = await noop.run({ name: 'lookup' });
    expect(n.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(n.traceId).not.toBe(r.traceId);
  });
});

describe('span status messages carry no user data unless opted in (issue #14)', () => {
  it('JSON parse errors and unexpected keys stay out of the status', async () => {
    const { exporter, tracer } = tracing();
    const strict = {
      name: 'login',
      inputSchema: { type: 'object', properties: { user: { type: 'string' } }, additionalProperties: false },
    };
    const runner = createRunner({ validator, tracing: { tracer } });
    runner.register(strict, () => 'ok');
    runner.register({ name: 'leaky' }, () => {
      throw new Error('cannot open /home/alice/secret-plans.txt');
    });
    await runner.run({ name: 'login', arguments: '{"user": "alice", "password": "hunter2"' });
    await runner.run({ name: 'login', arguments: { user: 'alice', api_key_sk_live_123: 'x' } });
    await runner.run({ name: 'leaky' });
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.status.message)).toEqual([
      'INVALID_ARGUMENTS: invalid_arguments',
      'INVALID_ARGUMENTS: invalid_arguments',
      'TOOL_FAILED: failure',
    ]);
    const text = JSON.stringify(spans.map((s) => [s.status, s.attributes, s.events]));
    for (const secret of ['hunter2', 'api_key_sk_live_123', 'secret-plans'])
      expect(text).not.toContain(secret);

    const optedIn = tracing();
    const verbose = createRunner({
      validator,
      tracing: { tracer: optedIn.tracer, recordErrorMessages: true },
    });
    verbose.register({ name: 'leaky' }, () => {
      throw new Error('cannot open /home/alice/secret-plans.txt');
    });
    await verbose.run({ name: 'leaky' });
    expect(optedIn.exporter.getFinishedSpans()[0]?.status.message).toBe(
      'cannot open /home/alice/secret-plans.txt',
    );
  });
});
