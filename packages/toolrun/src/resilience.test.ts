import { createArgumentValidator } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { createRunner, type RunnerEvents, ToolExecutionError } from './index.js';
import { forever, lookupTool, networkError, paymentTool, sleep } from './test-fixtures/helpers.js';

// One validator (one ajv instance) for the whole file keeps the suite fast.
const validator = createArgumentValidator();

// Fault injection with real timers. Margins are generous: other processes share the CPU.

describe('retries', () => {
  it('retries a read-only tool after transient failures, with backoff, and reports the attempt', async () => {
    const runner = createRunner({ validator });
    const retries: RunnerEvents['retry'][] = [];
    runner.on('retry', (e) => retries.push(e));
    let calls = 0;
    const times: number[] = [];
    runner.register(lookupTool, {
      retry: { maxAttempts: 3, initialDelayMs: 20, maxDelayMs: 100 },
      handler: () => {
        times.push(performance.now());
        calls++;
        if (calls < 3) throw networkError();
        return 'ok';
      },
    });
    const result = await runner.run({ name: 'lookup', arguments: {} });
    expect(result).toMatchObject({ status: 'success', result: 'ok', attempt: 3 });
    expect(calls).toBe(3);
    expect(retries.map((r) => r.attempt)).toEqual([2, 3]);
    expect(retries[0]?.error.code).toBe('ECONNRESET');
    // Backoff: attempts are spaced out, not back to back.
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(1);
  });

  it('waits as long as a failure asks (retryAfterMs, e.g. HTTP Retry-After) before retrying', async () => {
    const runner = createRunner({ validator });
    const times: number[] = [];
    runner.register(lookupTool, {
      retry: { maxAttempts: 2, initialDelayMs: 1, maxDelayMs: 2 },
      handler: () => {
        times.push(performance.now());
        if (times.length === 1)
          throw Object.assign(new ToolExecutionError('busy', { retryable: true }), { retryAfterMs: 150 });
        return 'ok';
      },
    });
    const result = await runner.run({ name: 'lookup', arguments: {} });
    expect(result).toMatchObject({ status: 'success', attempt: 2 });
    // the backoff alone would wait at most 2 ms
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(140);
  });

  it('gives up after maxAttempts and returns the last failure', async () => {
    const runner = createRunner({ validator });
    let calls = 0;
    runner.register(lookupTool, {
      retry: { maxAttempts: 2, initialDelayMs: 5 },
      handler: () => {
        calls++;
        throw new ToolExecutionError('upstream 503', { retryable: true, code: 'UPSTREAM_UNAVAILABLE' });
      },
    });
    const result = await runner.run({ name: 'lookup', arguments: {} });
    expect(calls).toBe(2);
    expect(result).toMatchObject({ status: 'failure', attempt: 2 });
    expect(result.error?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(result.error?.retryable).toBe(true);
  });

  it('retries timeouts of an idempotent tool', async () => {
    const runner = createRunner({ validator });
    let calls = 0;
    runner.register(lookupTool, {
      timeoutMs: 50,
      retry: { maxAttempts: 2, initialDelayMs: 5 },
      handler: () => {
        calls++;
        return calls === 1 ? forever() : 'second time lucky';
      },
    });
    const result = await runner.run({ name: 'lookup', arguments: {} });
    expect(result).toMatchObject({ status: 'success', attempt: 2, result: 'second time lucky' });
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
      retry: { maxAttempts: 3, initialDelayMs: 5 },
      handler: () => {
        calls++;
        if (calls === 1) throw networkError();
        return { id: 'tx1' };
      },
    });
    const result = await runner.run({ name: 'payment_send', arguments: { amount: 5, to: 'bob' } });
    expect(calls).toBe(2);
    expect(result.status).toBe('success');
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
  it('opens after consecutive failures, refuses while open, half-opens after cooldown and closes on success', async () => {
    const runner = createRunner({ validator });
    const changes: string[] = [];
    const health: string[] = [];
    runner.on('breaker', (e) => changes.push(`${e.from}->${e.to}`));
    runner.on('health', (e) => health.push(`${e.from}->${e.to}`));
    let failing = true;
    let calls = 0;
    runner.register(lookupTool, {
      breaker: { threshold: 3, cooldownMs: 500 },
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
    expect(refused.error?.retryAfterMs).toBeGreaterThan(0);
    expect(calls).toBe(3);

    await sleep(600);
    failing = false;
    const probe = await runner.run({ name: 'lookup' });
    expect(probe.status).toBe('success');
    expect(calls).toBe(4);
    expect(runner.health('lookup')).toMatchObject({
      breaker: 'closed',
      status: 'healthy',
      consecutiveFailures: 0,
    });
    expect(changes).toEqual(['closed->open', 'open->half_open', 'half_open->closed']);
    expect(health[0]).toBe('healthy->degraded');
    expect(health).toContain('degraded->unhealthy');
    expect(health.at(-1)).toMatch(/->healthy$/);
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
    await runner.run({ name: 'lookup' });
    await runner.run({ name: 'lookup' });
    expect(runner.health('lookup')?.breaker).toBe('open');
    await sleep(150);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => runner.run({ name: 'lookup' })));
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
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 200 }, () => runner.run({ name: 'lookup' })));
    const elapsed = performance.now() - started;
    const ok = results.filter((r) => r.status === 'success');
    const refused = results.filter((r) => r.status === 'rate_limited');
    expect(peak).toBe(5);
    expect(ok).toHaveLength(25);
    expect(refused).toHaveLength(175);
    expect(refused[0]?.error?.code).toBe('CONCURRENCY_LIMIT');
    expect(refused[0]?.error?.retryable).toBe(true);
    // 25 calls, 5 at a time, 20 ms each: about 5 waves.
    expect(elapsed).toBeGreaterThanOrEqual(90);
    // Queued calls report their wait separately from execution time.
    expect(Math.max(...ok.map((r) => r.timings.waitMs))).toBeGreaterThan(50);
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
    await Promise.all(
      Array.from({ length: 20 }, (_, n) => runner.run({ name: n % 2 ? 'one' : 'two', arguments: { n } })),
    );
    expect(peak).toBe(2);
    expect(order).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it('releases a caller that cancels while waiting in the queue', async () => {
    const runner = createRunner({ validator });
    runner.register(lookupTool, { concurrency: { limit: 1, queue: 5 }, handler: () => sleep(800) });
    const first = runner.run({ name: 'lookup' });
    const controller = new AbortController();
    const queued = runner.run({ name: 'lookup' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    const started = performance.now();
    const result = await queued;
    expect(performance.now() - started).toBeLessThan(600);
    expect(result.status).toBe('cancelled');
    expect(result.attempt).toBe(0);
    expect((await first).status).toBe('success');
  });
});

describe('rate limits', () => {
  it('applies a token bucket per tool (defaulting to the tool cost rate limit)', async () => {
    const runner = createRunner({ validator });
    runner.register({ ...lookupTool, cost: { rateLimit: { requests: 3, intervalMs: 1_500 } } }, () => 'ok');
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await runner.run({ name: 'lookup' })).status);
    expect(statuses).toEqual(['success', 'success', 'success', 'rate_limited', 'rate_limited']);
    const limited = await runner.run({ name: 'lookup' });
    expect(limited.error?.retryAfterMs).toBeGreaterThan(0);
    expect(limited.error?.retryAfterMs).toBeLessThanOrEqual(500);
    await sleep(550);
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
    expect((await runner.run({ name: 'lookup' }, { principal: bob })).status).toBe('success');
  });
});
