import { createArgumentValidator } from '@toolarsenal/toolmodel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRunner, type RunnerEvents, type ToolResult, ToolExecutionError } from './index.js';
import { forever, lookupTool, networkError, paymentTool, sleep, track } from './test-fixtures/helpers.js';

// One validator (one ajv instance) for the whole file keeps the suite fast.
const validator = createArgumentValidator();

// Fault injection under fake timers: every delay is exact.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retries', () => {
  it('retries a read-only tool after transient failures, with exact exponential backoff', async () => {
    const runner = createRunner({ validator });
    const retries: RunnerEvents['retry'][] = [];
    runner.on('retry', (e) => retries.push(e));
    const times: number[] = [];
    const t0 = Date.now();
    runner.register(lookupTool, {
      retry: { maxAttempts: 3, initialDelayMs: 20, maxDelayMs: 100, jitter: false },
      handler: () => {
        times.push(Date.now() - t0);
        if (times.length < 3) throw networkError();
        return 'ok';
      },
    });
    const run = runner.run({ name: 'lookup', arguments: {} });
    await vi.advanceTimersByTimeAsync(60);
    expect(await run).toMatchObject({ status: 'success', result: 'ok', attempt: 3 });
    expect(times).toEqual([0, 20, 60]);
    expect(retries.map((r) => r.attempt)).toEqual([2, 3]);
    expect(retries[0]?.error.code).toBe('ECONNRESET');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('with the default decorrelated jitter, no retry waits longer than maxDelayMs', async () => {
    const runner = createRunner({ validator });
    let calls = 0;
    runner.register(lookupTool, {
      retry: { maxAttempts: 3, initialDelayMs: 50, maxDelayMs: 80 },
      handler: () => {
        calls++;
        throw networkError();
      },
    });
    const run = track(runner.run({ name: 'lookup' }));
    await vi.advanceTimersByTimeAsync(160);
    expect(run.done()).toBe(true);
    expect(calls).toBe(3);
  });

  it('waits as long as a failure asks (retryAfterMs, e.g. HTTP Retry-After) before retrying', async () => {
    const runner = createRunner({ validator });
    const times: number[] = [];
    const t0 = Date.now();
    runner.register(lookupTool, {
      retry: { maxAttempts: 2, initialDelayMs: 1, maxDelayMs: 2, jitter: false },
      handler: () => {
        times.push(Date.now() - t0);
        if (times.length === 1)
          throw Object.assign(new ToolExecutionError('busy', { retryable: true }), { retryAfterMs: 150 });
        return 'ok';
      },
    });
    const run = track(runner.run({ name: 'lookup', arguments: {} }));
    // the backoff alone would wait 1 ms
    await vi.advanceTimersByTimeAsync(149);
    expect(times).toEqual([0]);
    expect(run.done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await run.value).toMatchObject({ status: 'success', attempt: 2 });
    expect(times).toEqual([0, 150]);
  });

  it('gives up after maxAttempts and returns the last failure', async () => {
    const runner = createRunner({ validator });
    let calls = 0;
    runner.register(lookupTool, {
      retry: { maxAttempts: 2, initialDelayMs: 5, jitter: false },
      handler: () => {
        calls++;
        throw new ToolExecutionError('upstream 503', { retryable: true, code: 'UPSTREAM_UNAVAILABLE' });
      },
    });
    const run = runner.run({ name: 'lookup', arguments: {} });
    await vi.advanceTimersByTimeAsync(5);
    const result = await run;
    expect(calls).toBe(2);
    expect(result).toMatchObject({ status: 'failure', attempt: 2 });
    expect(result.error?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(result.error?.retryable).toBe(true);
  });

  it('retries timeouts of an idempotent tool: attempt 2 starts at timeout + backoff', async () => {
    const runner = createRunner({ validator });
    const starts: number[] = [];
    const t0 = Date.now();
    runner.register(lookupTool, {
      timeoutMs: 50,
      retry: { maxAttempts: 2, initialDelayMs: 5, jitter: false },
      handler: () => {
        starts.push(Date.now() - t0);
        return starts.length === 1 ? forever() : 'second time lucky';
      },
    });
    const run = track(runner.run({ name: 'lookup', arguments: {} }));
    await vi.advanceTimersByTimeAsync(54);
    expect(run.done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await run.value).toMatchObject({ status: 'success', attempt: 2, result: 'second time lucky' });
    expect(starts).toEqual([0, 55]);
  });

  it('never retries a payment tool, even for a retryable network error', async () => {
    const runner = createRunner({ validator, confirmation: false });
    let calls = 0;
    runner.register(paymentTool, {
      retry: { maxAttempts: 5, initialDelayMs: 5 },
      handler: () => {
        calls++;
        throw networkError();
      },
    });
    const result = await runner.run({ name: 'payment_send', arguments: { amount: 5, to: 'bob' } });
    expect(calls).toBe(1);
    expect(result).toMatchObject({ status: 'failure', attempt: 1 });
    expect(result.error?.retryable).toBe(true);
  });

  it('retries a side-effecting tool only when it is declared idempotent', async () => {
    const runner = createRunner({ validator, confirmation: false });
    let calls = 0;
    runner.register(paymentTool, {
      idempotent: true,
      retry: { maxAttempts: 3, initialDelayMs: 5, jitter: false },
      handler: () => {
        calls++;
        if (calls === 1) throw networkError();
        return { id: 'tx1' };
      },
    });
    const run = runner.run({ name: 'payment_send', arguments: { amount: 5, to: 'bob' } });
    await vi.advanceTimersByTimeAsync(5);
    expect(calls).toBe(2);
    expect((await run).status).toBe('success');
  });

  it('a runner-wide idempotent default never retries a tool annotated destructive (issue #14)', async () => {
    const runner = createRunner({
      validator,
      confirmation: false,
      defaults: { idempotent: true, retry: { maxAttempts: 3, initialDelayMs: 5, jitter: false } },
    });
    let wipes = 0;
    let reads = 0;
    runner.register({ name: 'wipe_disk', annotations: { destructiveHint: true } }, () => {
      wipes++;
      throw networkError();
    });
    runner.register({ name: 'fetch_page' }, () => {
      reads++;
      throw networkError();
    });
    // The tool's own registration may still say so explicitly.
    runner.register(
      { name: 'reset_cache', annotations: { destructiveHint: true } },
      { idempotent: true, handler: () => networkError() },
    );
    const wipe = runner.run({ name: 'wipe_disk' });
    const read = runner.run({ name: 'fetch_page' });
    await vi.advanceTimersByTimeAsync(15);
    expect((await wipe).attempt).toBe(1);
    expect((await read).attempt).toBe(3);
    expect([wipes, reads]).toEqual([1, 3]);
  });

  it('does not retry non-retryable failures of a read-only tool', async () => {
    const runner = createRunner({ validator });
    let calls = 0;
    runner.register(lookupTool, {
      retry: { maxAttempts: 4, initialDelayMs: 5 },
      handler: () => {
        calls++;
        throw new Error('bad request');
      },
    });
    const result = await runner.run({ name: 'lookup', arguments: {} });
    expect(calls).toBe(1);
    expect(result.attempt).toBe(1);
  });
});

describe('circuit breaker', () => {
  it('opens after consecutive failures, refuses while open, half-opens after exactly the cooldown and closes on success', async () => {
    const runner = createRunner({ validator });
    const changes: string[] = [];
    const health: string[] = [];
    runner.on('breaker', (e) => changes.push(`${e.from}->${e.to}`));
    runner.on('health', (e) => health.push(`${e.from}->${e.to}`));
    let failing = true;
    let calls = 0;
    runner.register(lookupTool, {
      breaker: { threshold: 3, cooldownMs: 150 },
      retry: false,
      handler: () => {
        calls++;
        if (failing) throw new Error('flap');
        return 'up';
      },
    });
    for (let i = 0; i < 3; i++) expect((await runner.run({ name: 'lookup' })).status).toBe('failure');
    expect(runner.health('lookup')).toMatchObject({
      breaker: 'open',
      status: 'unhealthy',
      consecutiveFailures: 3,
    });

    const refused = await runner.run({ name: 'lookup' });
    expect(refused.status).toBe('circuit_open');
    expect(refused.error?.retryable).toBe(true);
    expect(refused.error?.retryAfterMs).toBe(150);
    expect(calls).toBe(3);

    failing = false;
    await vi.advanceTimersByTimeAsync(149);
    const early = await runner.run({ name: 'lookup' });
    expect(early.status).toBe('circuit_open');
    expect(early.error?.retryAfterMs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const probe = await runner.run({ name: 'lookup' });
    expect(probe.status).toBe('success');
    expect(calls).toBe(4);
    expect(runner.health('lookup')).toMatchObject({
      breaker: 'closed',
      status: 'healthy',
      consecutiveFailures: 0,
    });
    expect(changes).toEqual(['closed->open', 'open->half_open', 'half_open->closed']);
    // half-open is degraded; the successful probe makes the tool healthy again
    expect(health).toEqual([
      'healthy->degraded',
      'degraded->unhealthy',
      'unhealthy->degraded',
      'degraded->healthy',
    ]);
  });

  it('re-opens when the half-open probe fails, and lets only one probe through', async () => {
    const runner = createRunner({ validator });
    let calls = 0;
    runner.register(lookupTool, {
      breaker: { threshold: 2, cooldownMs: 100 },
      retry: false,
      handler: async () => {
        calls++;
        await sleep(30);
        throw new Error('still down');
      },
    });
    for (let i = 0; i < 2; i++) {
      const r = runner.run({ name: 'lookup' });
      await vi.advanceTimersByTimeAsync(30);
      await r;
    }
    expect(runner.health('lookup')?.breaker).toBe('open');
    await vi.advanceTimersByTimeAsync(100);
    const three = Promise.all([1, 2, 3].map(() => runner.run({ name: 'lookup' })));
    await vi.advanceTimersByTimeAsync(30);
    const [a, b, c] = await three;
    // One probe ran and failed; the calls that waited behind it were refused.
    expect(calls).toBe(3);
    expect(a?.status).toBe('failure');
    expect([b?.status, c?.status]).toEqual(['circuit_open', 'circuit_open']);
    expect(runner.health('lookup')?.breaker).toBe('open');
  });

  it('can be isolated by hand', async () => {
    const runner = createRunner({ validator });
    runner.register(lookupTool, () => 'ok');
    const handle = runner.isolate('lookup');
    expect((await runner.run({ name: 'lookup' })).status).toBe('circuit_open');
    expect(runner.health('lookup')?.breaker).toBe('isolated');
    handle.dispose();
    expect((await runner.run({ name: 'lookup' })).status).toBe('success');
  });
});

describe('bulkheads', () => {
  it('caps concurrency of a slow tool under 200 concurrent calls and bounds the queue', async () => {
    const runner = createRunner({ validator });
    let active = 0;
    let peak = 0;
    runner.register(lookupTool, {
      concurrency: { limit: 5, queue: 20 },
      timeoutMs: 5_000,
      handler: async () => {
        active++;
        peak = Math.max(peak, active);
        await sleep(20);
        active--;
        return 'done';
      },
    });
    const all = track(Promise.all(Array.from({ length: 200 }, () => runner.run({ name: 'lookup' }))));
    // 25 admitted calls, 5 at a time, 20 ms each: exactly 5 waves.
    await vi.advanceTimersByTimeAsync(99);
    expect(all.done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const results = await all.value;
    const ok = results.filter((r) => r.status === 'success');
    const refused = results.filter((r) => r.status === 'rate_limited');
    expect(peak).toBe(5);
    expect(ok).toHaveLength(25);
    expect(refused).toHaveLength(175);
    expect(refused[0]?.error?.code).toBe('CONCURRENCY_LIMIT');
    expect(refused[0]?.error?.retryable).toBe(true);
    // Queued calls report their wait separately from execution time.
    expect(ok.map((r) => r.timings.waitMs).sort((x, y) => x - y)).toEqual(
      [0, 20, 40, 60, 80].flatMap((w) => Array.from({ length: 5 }, () => w)),
    );
    expect(ok.every((r: ToolResult) => r.timings.latencyMs === 20)).toBe(true);
    // Refusals are not the tool's fault: health counts only executions.
    expect(runner.health('lookup')).toMatchObject({ calls: 25, failures: 0 });
  });

  it('applies a runner-wide bulkhead across tools, FIFO', async () => {
    const runner = createRunner({ validator, concurrency: { limit: 2, queue: 100 } });
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const slow = async (args: Record<string, unknown>) => {
      active++;
      peak = Math.max(peak, active);
      order.push(args.n as number);
      await sleep(10);
      active--;
      return null;
    };
    runner.register({ name: 'one', inputSchema: { type: 'object' } }, slow);
    runner.register({ name: 'two', inputSchema: { type: 'object' } }, slow);
    const all = Promise.all(
      Array.from({ length: 20 }, (_, n) => runner.run({ name: n % 2 ? 'one' : 'two', arguments: { n } })),
    );
    await vi.advanceTimersByTimeAsync(100);
    await all;
    expect(peak).toBe(2);
    expect(order).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it('releases a caller that cancels while waiting in the queue at once', async () => {
    const runner = createRunner({ validator });
    runner.register(lookupTool, { concurrency: { limit: 1, queue: 5 }, handler: () => sleep(300) });
    const first = track(runner.run({ name: 'lookup' }));
    const controller = new AbortController();
    const queued = track(runner.run({ name: 'lookup' }, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(30);
    expect(queued.done()).toBe(false);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(queued.done()).toBe(true);
    const result = await queued.value;
    expect(result.status).toBe('cancelled');
    expect(result.attempt).toBe(0);
    expect(result.timings.totalMs).toBe(30);
    await vi.advanceTimersByTimeAsync(270);
    expect((await first.value).status).toBe('success');
  });
});

describe('rate limits', () => {
  it('applies a token bucket per tool (defaulting to the tool cost rate limit)', async () => {
    const runner = createRunner({ validator });
    runner.register({ ...lookupTool, cost: { rateLimit: { requests: 3, intervalMs: 200 } } }, () => 'ok');
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await runner.run({ name: 'lookup' })).status);
    expect(statuses).toEqual(['success', 'success', 'success', 'rate_limited', 'rate_limited']);
    const limited = await runner.run({ name: 'lookup' });
    // 3 tokens per 200 ms: one token every 66.7 ms.
    expect(limited.error?.retryAfterMs).toBe(67);
    await vi.advanceTimersByTimeAsync(66);
    expect((await runner.run({ name: 'lookup' })).status).toBe('rate_limited');
    await vi.advanceTimersByTimeAsync(1);
    expect((await runner.run({ name: 'lookup' })).status).toBe('success');
  });

  it('applies a token bucket per principal across tools', async () => {
    const runner = createRunner({ validator, principalRateLimit: { requests: 2, intervalMs: 60_000 } });
    runner.register(lookupTool, () => 'ok');
    runner.register({ name: 'other' }, () => 'ok');
    const alice = { id: 'alice' };
    const bob = { id: 'bob' };
    expect((await runner.run({ name: 'lookup' }, { principal: alice })).status).toBe('success');
    expect((await runner.run({ name: 'other' }, { principal: alice })).status).toBe('success');
    const third = await runner.run({ name: 'lookup' }, { principal: alice });
    expect(third.status).toBe('rate_limited');
    expect(third.error?.details).toMatchObject({ scope: 'principal' });
    expect(third.error?.retryAfterMs).toBe(30_000);
    expect((await runner.run({ name: 'lookup' }, { principal: bob })).status).toBe('success');
  });
});
