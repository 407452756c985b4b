import { createArgumentValidator } from '@toolarsenal/toolmodel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRunner } from './index.js';
import { abortableSleep, forever, lookupTool, track } from './test-fixtures/helpers.js';

// One validator (one ajv instance) for the whole file keeps the suite fast.
const validator = createArgumentValidator();

// Deadlines under fake timers: exact.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('timeouts', () => {
  it('releases the caller at exactly the deadline when a handler hangs and ignores its signal', async () => {
    const runner = createRunner({ validator });
    let signal: AbortSignal | undefined;
    runner.register(lookupTool, {
      timeoutMs: 100,
      retry: false,
      handler: (_a, req) => {
        signal = req.signal;
        return forever();
      },
    });
    const run = track(runner.run({ name: 'lookup', arguments: {} }));
    await vi.advanceTimersByTimeAsync(99);
    expect(run.done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await run.value;
    expect(result.status).toBe('timeout');
    expect(result.error?.code).toBe('TIMEOUT');
    expect(result.error?.retryable).toBe(true);
    expect(result.timings.latencyMs).toBe(100);
    expect(signal?.aborted).toBe(true);
    expect(runner.health('lookup')).toMatchObject({ failures: 1, timeouts: 1, consecutiveFailures: 1 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('aborts the signal of a cooperative handler so its work really stops', async () => {
    const runner = createRunner({ validator });
    let stoppedAt: number | undefined;
    const t0 = Date.now();
    runner.register(lookupTool, {
      timeoutMs: 80,
      retry: false,
      handler: async (_a, req) => {
        try {
          await abortableSleep(5_000, req.signal);
        } catch {
          stoppedAt = Date.now() - t0;
          throw new Error('aborted');
        }
      },
    });
    const run = runner.run({ name: 'lookup', arguments: {} });
    await vi.advanceTimersByTimeAsync(80);
    expect((await run).status).toBe('timeout');
    expect(stoppedAt).toBe(80);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cancels on the caller signal: caller released at once, handler signal aborted, breaker untouched', async () => {
    const runner = createRunner({ validator });
    let handlerSignal: AbortSignal | undefined;
    runner.register(lookupTool, {
      timeoutMs: 5_000,
      breaker: { threshold: 1, cooldownMs: 10_000 },
      handler: (_a, req) => {
        handlerSignal = req.signal;
        return forever();
      },
    });
    const controller = new AbortController();
    const run = track(runner.run({ name: 'lookup', arguments: {} }, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(50);
    expect(run.done()).toBe(false);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    const result = await run.value;
    expect(result.status).toBe('cancelled');
    expect(result.error?.code).toBe('CANCELLED');
    expect(result.timings.totalMs).toBe(50);
    expect(handlerSignal?.aborted).toBe(true);
    expect(runner.health('lookup')?.breaker).toBe('closed');
    const already = await runner.run({ name: 'lookup', arguments: {} }, { signal: AbortSignal.abort() });
    expect(already.status).toBe('cancelled');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('aborts the signal even when the handler first reads it after the deadline', async () => {
    const runner = createRunner({ validator });
    let late: AbortSignal | undefined;
    runner.register(lookupTool, {
      timeoutMs: 40,
      retry: false,
      handler: (_a, req) =>
        new Promise((resolve) =>
          setTimeout(() => {
            late = req.signal;
            resolve('too late');
          }, 120),
        ),
    });
    const run = runner.run({ name: 'lookup' });
    await vi.advanceTimersByTimeAsync(40);
    expect((await run).status).toBe('timeout');
    await vi.advanceTimersByTimeAsync(80);
    expect(late?.aborted).toBe(true);
    expect(late?.reason).toBeInstanceOf(Error);
  });
});

describe('per-call deadline', () => {
  it('overrides the tool timeout for one call and refuses nonsense values', async () => {
    const runner = createRunner({ validator });
    runner.register(lookupTool, { timeoutMs: 5_000, retry: false, handler: () => forever() });
    const run = track(runner.run({ name: 'lookup' }, { timeoutMs: 60 }));
    await vi.advanceTimersByTimeAsync(59);
    expect(run.done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await run.value;
    expect(result.status).toBe('timeout');
    expect(result.error?.message).toContain('60 ms');
    for (const timeoutMs of [-5, 0, Number.NaN, 2 ** 31]) {
      const bad = await runner.run({ name: 'lookup' }, { timeoutMs });
      expect(bad.error?.code).toBe('INVALID_OPTIONS');
    }
  });
});
