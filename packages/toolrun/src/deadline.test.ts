import { createArgumentValidator } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { createRunner } from './index.js';
import { abortableSleep, forever, lookupTool, sleep } from './test-fixtures/helpers.js';

// One validator (one ajv instance) for the whole file keeps the suite fast.
const validator = createArgumentValidator();

// Deadlines with real timers. Margins are generous: other processes share the CPU.

describe('timeouts', () => {
  it('releases the caller on time when a handler hangs and ignores its signal', async () => {
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
    const started = performance.now();
    const result = await runner.run({ name: 'lookup', arguments: {} });
    const elapsed = performance.now() - started;
    expect(result.status).toBe('timeout');
    expect(result.error?.code).toBe('TIMEOUT');
    expect(result.error?.retryable).toBe(true);
    expect(signal?.aborted).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(95);
    expect(elapsed).toBeLessThan(1_000);
    expect(runner.health('lookup')).toMatchObject({ failures: 1, timeouts: 1, consecutiveFailures: 1 });
  });

  it('aborts the signal of a cooperative handler so its work really stops', async () => {
    const runner = createRunner({ validator });
    let stoppedEarly = false;
    runner.register(lookupTool, {
      timeoutMs: 80,
      retry: false,
      handler: async (_a, req) => {
        try {
          await abortableSleep(5_000, req.signal);
        } catch {
          stoppedEarly = true;
          throw new Error('aborted');
        }
      },
    });
    const result = await runner.run({ name: 'lookup', arguments: {} });
    expect(result.status).toBe('timeout');
    expect(stoppedEarly).toBe(true);
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
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const result = await runner.run({ name: 'lookup', arguments: {} }, { signal: controller.signal });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(result.status).toBe('cancelled');
    expect(result.error?.code).toBe('CANCELLED');
    expect(handlerSignal?.aborted).toBe(true);
    expect(runner.health('lookup')?.breaker).toBe('closed');
    const already = await runner.run({ name: 'lookup', arguments: {} }, { signal: AbortSignal.abort() });
    expect(already.status).toBe('cancelled');
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
    expect((await runner.run({ name: 'lookup' })).status).toBe('timeout');
    await sleep(150);
    expect(late?.aborted).toBe(true);
    expect(late?.reason).toBeInstanceOf(Error);
  });
});

describe('per-call deadline', () => {
  it('overrides the tool timeout for one call and refuses nonsense values', async () => {
    const runner = createRunner({ validator });
    runner.register(lookupTool, { timeoutMs: 5_000, retry: false, handler: () => forever() });
    const started = performance.now();
    const result = await runner.run({ name: 'lookup' }, { timeoutMs: 60 });
    expect(result.status).toBe('timeout');
    expect(result.error?.message).toContain('60 ms');
    expect(performance.now() - started).toBeLessThan(1_000);
    const bad = await runner.run({ name: 'lookup' }, { timeoutMs: -5 });
    expect(bad.error?.code).toBe('INVALID_OPTIONS');
  });
});
