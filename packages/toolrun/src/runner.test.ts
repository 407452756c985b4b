import { createArgumentValidator, defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import {
  createRunner,
  type ExecutionUpdate,
  type Executor,
  ToolExecutionError,
  ToolRegistrationError,
  ToolRunError,
  toolOutput,
} from './index.js';
import { addTool, lookupTool } from './test-fixtures/helpers.js';

// One validator (one ajv instance) for the whole file keeps the suite fast.
const validator = createArgumentValidator();

describe('runner.run basics', () => {
  it('runs a local handler with validated args, a signal and the caller context', async () => {
    const runner = createRunner<{ user: string }>({ validator });
    let seen: { signal?: AbortSignal; context?: unknown; attempt?: number; callId?: string } = {};
    runner.register(addTool, (args, req) => {
      seen = { signal: req.signal, context: req.context, attempt: req.attempt, callId: req.callId };
      return { sum: (args.a as number) + (args.b as number) };
    });
    const result = await runner.run(
      { id: 'call-1', name: 'add', arguments: { a: 2, b: 3 } },
      { context: { user: 'u1' } },
    );
    expect(result).toMatchObject({
      status: 'success',
      ok: true,
      result: { sum: 5 },
      attempt: 1,
      callId: 'call-1',
    });
    expect(result.toolId).toBe('add@1.0.0');
    expect(seen.signal).toBeInstanceOf(AbortSignal);
    expect(seen.context).toEqual({ user: 'u1' });
    expect(seen.callId).toBe('call-1');
    expect(result.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(result.spanId).toMatch(/^[0-9a-f]{16}$/);
    const t = result.timings;
    expect(t.startedAt).toBeGreaterThanOrEqual(t.queuedAt);
    expect(t.completedAt).toBeGreaterThanOrEqual(t.startedAt as number);
    expect(t.totalMs).toBeCloseTo(t.waitMs + t.latencyMs, 5);
  });

  it('accepts arguments as the JSON text a model produced, and generates call ids', async () => {
    const runner = createRunner({ validator });
    runner.register(addTool, (args) => ({ sum: (args.a as number) + (args.b as number) }));
    const result = await runner.run({ name: 'add', arguments: '{"a": 1, "b": 41}' });
    expect(result.result).toEqual({ sum: 42 });
    expect(result.callId).toMatch(/^call_[0-9a-f]{16}$/);
    const again = await runner.run({ name: 'add', arguments: { a: 1, b: 1 } });
    expect(again.callId).not.toBe(result.callId);
  });

  it('returns not_found with a suggestion instead of throwing', async () => {
    const runner = createRunner({ validator });
    runner.register(addTool, () => ({ sum: 0 }));
    const result = await runner.run({ name: 'ad', arguments: {} });
    expect(result.status).toBe('not_found');
    expect(result.error).toBeInstanceOf(ToolRunError);
    expect(result.error?.code).toBe('TOOL_NOT_FOUND');
    expect(result.error?.message).toContain('Did you mean "add"');
    expect(result.attempt).toBe(0);
  });

  it('lists every schema problem by pointer so the model can repair the call', async () => {
    const runner = createRunner({ validator });
    let ran = false;
    runner.register(addTool, () => {
      ran = true;
      return { sum: 0 };
    });
    const result = await runner.run({ name: 'add', arguments: { a: 'one', extra: true } });
    expect(result.status).toBe('invalid_arguments');
    expect(ran).toBe(false);
    const message = result.error?.message ?? '';
    expect(message).toContain('/a: must be number');
    expect(message).toContain('/b: is required but missing');
    expect(message).toContain('/extra: is not an allowed property');
    expect(message).toContain('call the tool again');
    const problems = result.error?.details?.problems as { pointer: string }[];
    expect(problems.map((p) => p.pointer).sort()).toEqual(['/a', '/b', '/extra']);
    expect(result.error?.retryable).toBe(false);
  });

  it('reports malformed JSON text as invalid_arguments', async () => {
    const runner = createRunner({ validator });
    runner.register(addTool, () => ({ sum: 0 }));
    const result = await runner.run({ name: 'add', arguments: '{"a": 1,' });
    expect(result.status).toBe('invalid_arguments');
    expect(result.error?.message).toMatch(/not valid JSON/);
    const arrayArgs = await runner.run({ name: 'add', arguments: '[1,2]' });
    expect(arrayArgs.error?.message).toMatch(/must be a JSON object/);
  });

  it('turns a throwing handler into a failure result with a typed, non-retryable error', async () => {
    const runner = createRunner({ validator });
    runner.register(lookupTool, () => {
      throw new Error('database exploded');
    });
    const result = await runner.run({ name: 'lookup', arguments: { q: 'x' } });
    expect(result.status).toBe('failure');
    expect(result.error?.code).toBe('TOOL_FAILED');
    expect(result.error?.message).toBe('database exploded');
    expect(result.error?.retryable).toBe(false);
    expect(result.error?.cause).toBeInstanceOf(Error);
    expect(JSON.parse(JSON.stringify(result.error))).toMatchObject({ code: 'TOOL_FAILED', retryable: false });
  });

  it('keeps the code of a ToolExecutionError and survives non-Error throws', async () => {
    const runner = createRunner({ validator });
    runner.register({ name: 'a' }, () => {
      throw new ToolExecutionError('quota used up', { code: 'QUOTA', retryable: false });
    });
    runner.register({ name: 'b' }, () => {
      throw 'plain string';
    });
    runner.register({ name: 'c' }, async () => Promise.reject(undefined));
    expect((await runner.run({ name: 'a' })).error?.code).toBe('QUOTA');
    expect((await runner.run({ name: 'b' })).error?.message).toBe('plain string');
    expect((await runner.run({ name: 'c' })).status).toBe('failure');
  });

  it('validates output against outputSchema when asked, as a failure', async () => {
    const runner = createRunner({ validator });
    runner.register(addTool, { handler: () => ({ total: 'nope' }), validateOutput: true });
    const result = await runner.run({ name: 'add', arguments: { a: 1, b: 2 } });
    expect(result.status).toBe('failure');
    expect(result.error?.code).toBe('INVALID_OUTPUT');
    expect(result.error?.message).toContain('/sum: is required but missing');
    expect(runner.health('add')?.failures).toBe(1);
  });

  it('routes tools of other sources to a pluggable executor with progress updates', async () => {
    const calls: string[] = [];
    const executor: Executor<{ session: string }> = {
      source: 'mcp',
      canExecute: (tool) => tool.sourceMeta?.server === 'demo',
      async execute(req) {
        calls.push(`${req.tool.name}:${JSON.stringify(req.arguments)}:${req.context?.session}`);
        req.report({ type: 'progress', progress: 1, total: 2, message: 'half way' });
        req.report({ type: 'partial', data: 'chunk' });
        expect(req.deadline).toBeGreaterThan(Date.now());
        return { ok: true };
      },
    };
    const runner = createRunner<{ session: string }>({ validator, executors: [executor] });
    runner.register({ name: 'remote', source: 'mcp', sourceMeta: { server: 'demo' } });
    expect(() => runner.register({ name: 'other', source: 'mcp', sourceMeta: { server: 'x' } })).toThrow(
      ToolRegistrationError,
    );
    const updates: ExecutionUpdate[] = [];
    const result = await runner.run(
      { name: 'remote', arguments: { x: 1 } },
      { context: { session: 's1' }, onUpdate: (u) => updates.push(u) },
    );
    expect(result.status).toBe('success');
    expect(calls).toEqual(['remote:{"x":1}:s1']);
    expect(updates).toEqual([
      { type: 'progress', progress: 1, total: 2, message: 'half way' },
      { type: 'partial', data: 'chunk' },
    ]);
  });

  it('keeps content blocks an executor returns with ToolOutput, validating only the value', async () => {
    const runner = createRunner({ validator });
    runner.register(
      { name: 'chart', outputSchema: { type: 'object', required: ['points'] } },
      {
        validateOutput: true,
        handler: () => toolOutput({ points: 3 }, [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }]),
      },
    );
    const result = await runner.run({ name: 'chart' });
    expect(result.status).toBe('success');
    expect(result.result).toEqual({ points: 3 });
    expect(result.content).toEqual([{ type: 'image', data: 'AAAA', mimeType: 'image/png' }]);
  });

  it('fails cleanly when no executor serves the tool source', async () => {
    const runner = createRunner({ validator });
    runner.register({ name: 'remote', source: 'a2a' });
    const result = await runner.run({ name: 'remote' });
    expect(result.status).toBe('failure');
    expect(result.error?.code).toBe('EXECUTOR_NOT_FOUND');
  });

  it('lets handlers be attached through the built-in function executor', async () => {
    const runner = createRunner({ validator });
    runner.register({ name: 'echo', source: 'function' });
    runner.functions.register('echo', (args) => args);
    const result = await runner.run({ name: 'echo', arguments: { v: 1 } });
    expect(result.result).toEqual({ v: 1 });
  });

  it('accepts canonical tools and registrations in options, looks tools up by id', async () => {
    const tool = defineTool({ name: 'ping', namespace: 'net', version: '2.0.0' });
    const runner = createRunner({ validator, tools: [{ tool, handler: () => 'pong' }] });
    expect(runner.get('net:ping@2.0.0')).toBe(tool);
    expect((await runner.run({ name: 'net:ping@2.0.0' })).result).toBe('pong');
    expect(runner.tools().map((t) => t.name)).toEqual(['ping']);
    expect(runner.unregister('ping')).toBe(true);
    expect((await runner.run({ name: 'ping' })).status).toBe('not_found');
  });

  it('keys tools by id: same-named tools of two namespaces coexist; a bare name they share is ambiguous', async () => {
    const a = defineTool({ name: 'search', namespace: 'docs' });
    const b = defineTool({ name: 'search', namespace: 'web' });
    const runner = createRunner({ validator });
    runner.register(a, () => 'docs');
    runner.register(b, () => 'web');
    expect(runner.tools().map((t) => t.id)).toEqual([a.id, b.id]);
    expect((await runner.run({ name: a.id })).result).toBe('docs');
    expect((await runner.run({ name: b.id })).result).toBe('web');
    const ambiguous = await runner.run({ name: 'search' });
    expect(ambiguous.status).toBe('not_found');
    expect(ambiguous.error?.code).toBe('TOOL_AMBIGUOUS');
    expect(ambiguous.error?.details?.candidates).toEqual([a.id, b.id]);
    expect(ambiguous.error?.message).toContain(a.id);
    expect(runner.get('search')).toBeUndefined();
    expect(runner.health('search')).toBeUndefined();
    expect(() => runner.unregister('search')).toThrow(ToolRegistrationError);
    expect(() => runner.isolate('search')).toThrow(/matches 2 tools/);
    // Re-registering one id replaces only that tool.
    runner.register(a, () => 'docs v2');
    expect((await runner.run({ name: a.id })).result).toBe('docs v2');
    expect(runner.tools()).toHaveLength(2);
    // Once one is gone, the bare name is unique again.
    expect(runner.unregister(b.id)).toBe(true);
    expect((await runner.run({ name: 'search' })).result).toBe('docs v2');
    expect(runner.unregister('search')).toBe(true);
    expect(runner.tools()).toEqual([]);
  });

  it('confirms a pending call of the tool it was issued for when another tool shares the name', async () => {
    const a = defineTool({ name: 'delete_file', namespace: 'fs1' });
    const b = defineTool({ name: 'delete_file', namespace: 'fs2' });
    const runner = createRunner({ validator });
    runner.register(a, () => 'fs1 deleted');
    runner.register(b, () => 'fs2 deleted');
    const pending = await runner.run({ name: b.id });
    expect(pending.status).toBe('pending_confirmation');
    expect((await runner.confirm(pending.confirmation!.token)).result).toBe('fs2 deleted');
  });

  it('authorize answers the decision a call would get, per action, without running anything', async () => {
    let runs = 0;
    const tool = defineTool({ name: 'read_logs', namespace: 'ops', capabilities: ['logs'] });
    const runner = createRunner({
      validator,
      policy: {
        evaluate: (principal, _tool, action) =>
          principal.roles?.includes('sre') || action === 'list'
            ? { allow: true, reason: 'sre or listing', obligations: { confirmation: false, audit: false } }
            : { allow: false, reason: 'not an sre', obligations: { confirmation: false, audit: false } },
      },
    });
    runner.register(tool, () => ++runs);
    const sre = runner.authorize(tool.id, { id: 'a', roles: ['sre'] });
    expect(sre).toMatchObject({ allow: true, reason: 'sre or listing' });
    const dev = runner.authorize('read_logs', { id: 'b', roles: ['dev'] });
    expect(ToolRunError.isInstance(dev) && dev.code).toBe('PERMISSION_DENIED');
    expect(runner.authorize('read_logs', { id: 'b', roles: ['dev'] }, 'list')).toMatchObject({ allow: true });
    const lacking = runner.authorize('read_logs', { id: 'c', roles: ['sre'], capabilities: [] });
    expect(ToolRunError.isInstance(lacking) && lacking.code).toBe('PERMISSION_DENIED');
    const malformed = runner.authorize('read_logs', { id: 'd', roles: 'sre' });
    expect(ToolRunError.isInstance(malformed) && malformed.code).toBe('INVALID_PRINCIPAL');
    const unknown = runner.authorize('nope', { id: 'a' });
    expect(ToolRunError.isInstance(unknown) && unknown.code).toBe('TOOL_NOT_FOUND');
    expect(runs).toBe(0);
    expect((await runner.run({ name: 'read_logs' }, { principal: { id: 'b', roles: ['dev'] } })).status).toBe(
      'permission_denied',
    );
  });

  it('rejects invalid registrations with a typed error', () => {
    const runner = createRunner({ validator });
    expect(() => runner.register({ name: 'bad name!' })).toThrow(ToolRegistrationError);
    expect(() => runner.register({ name: 'x' }, { timeoutMs: -1 })).toThrow(/timeoutMs/);
    expect(() => runner.register({ name: 'x' }, { concurrency: { limit: 0 } })).toThrow(/limit/);
    expect(() => runner.register({ name: 'x' }, { rateLimit: { requests: 0, intervalMs: 10 } })).toThrow(
      /requests/,
    );
  });

  it('never rejects even when a listener or audit hook throws', async () => {
    const runner = createRunner({
      validator,
      audit: () => {
        throw new Error('audit down');
      },
    });
    runner.on('success', () => {
      throw new Error('listener down');
    });
    runner.register(addTool, () => ({ sum: 3 }));
    const result = await runner.run({ name: 'add', arguments: { a: 1, b: 2 } });
    expect(result.status).toBe('success');
  });

  it('emits start, success and failure events', async () => {
    const runner = createRunner({ validator });
    const seen: string[] = [];
    runner.on('start', (e) => seen.push(`start:${e.toolName}`));
    runner.on('success', (e) => seen.push(`success:${e.toolName}`));
    const off = runner.on('failure', (e) => seen.push(`failure:${e.toolName}:${e.code}`));
    runner.register(addTool, () => ({ sum: 3 }));
    await runner.run({ name: 'add', arguments: { a: 1, b: 2 } });
    await runner.run({ name: 'nope' });
    off();
    await runner.run({ name: 'nope' });
    expect(seen).toEqual([
      'start:add',
      'success:add',
      'start:nope',
      'failure:nope:TOOL_NOT_FOUND',
      'start:nope',
    ]);
  });
});
