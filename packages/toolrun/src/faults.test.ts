import { createArgumentValidator } from '@toolarsenal/toolmodel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRunner, type ExecutionRequest, type ExecutionUpdate } from './index.js';
import { forever, lookupTool, sleep } from './test-fixtures/helpers.js';

const validator = createArgumentValidator();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('fault injection (issue #14)', () => {
  it('a cancelled half-open probe proves nothing: the breaker stays open', async () => {
    const runner = createRunner({ validator });
    let reached = 0;
    let failing = true;
    runner.register(lookupTool, {
      breaker: { threshold: 2, cooldownMs: 1_000 },
      retry: false,
      timeoutMs: 10_000,
      handler: async () => {
        reached++;
        await sleep(100);
        if (failing) throw new Error('backend down');
        return 'up';
      },
    });
    for (let i = 0; i < 2; i++) {
      const r = runner.run({ name: 'lookup' });
      await vi.advanceTimersByTimeAsync(100);
      expect((await r).status).toBe('failure');
    }
    expect(runner.health('lookup')?.breaker).toBe('open');
    await vi.advanceTimersByTimeAsync(1_000);
    const ac = new AbortController();
    const probe = runner.run({ name: 'lookup' }, { signal: ac.signal });
    await vi.advanceTimersByTimeAsync(10);
    expect(runner.health('lookup')?.breaker).toBe('half_open');
    ac.abort();
    expect((await probe).status).toBe('cancelled');
    expect(reached).toBe(3);
    expect(runner.health('lookup')?.breaker).toBe('open');
    // A burst right after: refused, the failing backend is not hit.
    const burst = await Promise.all(Array.from({ length: 50 }, () => runner.run({ name: 'lookup' })));
    expect(new Set(burst.map((r) => r.status))).toEqual(new Set(['circuit_open']));
    expect(reached).toBe(3);
    // After the cooldown one real probe decides.
    await vi.advanceTimersByTimeAsync(1_000);
    failing = false;
    const next = runner.run({ name: 'lookup' });
    await vi.advanceTimersByTimeAsync(100);
    expect((await next).status).toBe('success');
    expect(runner.health('lookup')?.breaker).toBe('closed');
  });

  it('a thenable whose then throws fails the call and leaves no timer behind', async () => {
    const runner = createRunner({ validator });
    runner.register(lookupTool, {
      timeoutMs: 60_000,
      retry: false,
      handler: () => ({
        then() {
          throw new Error('hostile thenable');
        },
      }),
    });
    const result = await runner.run({ name: 'lookup' });
    expect(result.status).toBe('failure');
    expect(result.error?.message).toBe('hostile thenable');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a thenable whose then getter throws, with output validation on, fails cleanly too', async () => {
    const runner = createRunner({ validator });
    const hostile = Object.defineProperty({}, 'then', {
      get() {
        throw new Error('hostile getter');
      },
    });
    runner.register(lookupTool, { validateOutput: true, retry: false, handler: () => hostile });
    const result = await runner.run({ name: 'lookup' });
    expect(result.status).toBe('failure');
    expect(result.error?.message).toBe('hostile getter');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('no report reaches the caller after run() settled (timeout, cancellation, success)', async () => {
    const runner = createRunner({ validator });
    const requests: ExecutionRequest[] = [];
    runner.register(lookupTool, {
      timeoutMs: 100,
      retry: false,
      handler: (_args, req) => {
        requests.push(req);
        req.report({ type: 'progress', progress: 0 });
        return forever();
      },
    });
    const updates: ExecutionUpdate[] = [];
    const onUpdate = (u: ExecutionUpdate) => updates.push(u);
    const timedOut = runner.run({ name: 'lookup' }, { onUpdate });
    await vi.advanceTimersByTimeAsync(100);
    expect((await timedOut).status).toBe('timeout');
    requests[0]?.report({ type: 'progress', progress: 1 });

    const ac = new AbortController();
    const cancelled = runner.run({ name: 'lookup' }, { onUpdate, signal: ac.signal });
    await vi.advanceTimersByTimeAsync(10);
    ac.abort();
    expect((await cancelled).status).toBe('cancelled');
    requests[1]?.report({ type: 'progress', progress: 1 });

    let late: ExecutionRequest | undefined;
    runner.register({ name: 'quick' }, (_args, req) => {
      late = req;
      return 'done';
    });
    expect((await runner.run({ name: 'quick' }, { onUpdate })).status).toBe('success');
    late?.report({ type: 'partial', data: 'late' });
    expect(updates).toEqual([
      { type: 'progress', progress: 0 },
      { type: 'progress', progress: 0 },
    ]);
  });

  it('reports from a timed-out attempt do not leak into the retry', async () => {
    const runner = createRunner({ validator });
    const requests: ExecutionRequest[] = [];
    runner.register(lookupTool, {
      timeoutMs: 100,
      retry: { maxAttempts: 2, initialDelayMs: 50, jitter: false },
      handler: (_args, req) => {
        requests.push(req);
        return req.attempt === 1 ? forever() : sleep(100).then(() => 'second');
      },
    });
    const updates: unknown[] = [];
    const run = runner.run({ name: 'lookup' }, { onUpdate: (u) => updates.push(u) });
    await vi.advanceTimersByTimeAsync(120); // attempt 1 timed out; attempt 2 waits for its backoff
    requests[0]?.report({ type: 'partial', data: 'from attempt 1' });
    await vi.advanceTimersByTimeAsync(40);
    requests[1]?.report({ type: 'partial', data: 'from attempt 2' });
    requests[0]?.report({ type: 'partial', data: 'from attempt 1 again' });
    await vi.advanceTimersByTimeAsync(100);
    expect(await run).toMatchObject({ status: 'success', attempt: 2, result: 'second' });
    expect(updates).toEqual([{ type: 'partial', data: 'from attempt 2' }]);
  });
});
