import { createArgumentValidator } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRunner, type ToolResult } from './index.js';
import { abortableSleep, sleep } from './test-fixtures/helpers.js';

const validator = createArgumentValidator();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('concurrency limits under cancellation (issue #14)', () => {
  it('every call settles when queued callers cancel: 200 calls, limit 4, 19 cancelled', async () => {
    const runner = createRunner({ validator, confirmation: false });
    const started: number[] = [];
    runner.register(
      { name: 'w', inputSchema: { type: 'object' } },
      {
        concurrency: { limit: 4, queue: 1000 },
        handler: async (args) => {
          started.push(args.i as number);
          await sleep(10);
          return 1;
        },
      },
    );
    const results: Array<ToolResult | undefined> = Array.from({ length: 200 }, () => undefined);
    const cancel: AbortController[] = [];
    for (let i = 0; i < 200; i++) {
      const ac = new AbortController();
      if (i >= 4 && i % 10 === 0) cancel.push(ac);
      void runner.run({ name: 'w', arguments: { i } }, { signal: ac.signal }).then((r) => {
        results[i] = r;
      });
    }
    await vi.advanceTimersByTimeAsync(5);
    for (const c of cancel) c.abort();
    // 181 calls run 4 at a time for 10 ms each: 46 waves.
    await vi.advanceTimersByTimeAsync(46 * 10);
    expect(results.flatMap((r, i) => (r === undefined ? [i] : []))).toEqual([]);
    const cancelled = results.flatMap((r, i) => (r?.status === 'cancelled' ? [i] : []));
    expect(cancelled).toEqual(Array.from({ length: 19 }, (_, k) => 10 + k * 10));
    expect(results.filter((r) => r?.status === 'success')).toHaveLength(181);
    // FIFO: the calls that ran started in the order they arrived.
    expect(started).toEqual(Array.from({ length: 200 }, (_, i) => i).filter((i) => !cancelled.includes(i)));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a cancelled waiter frees its queue place at once', async () => {
    const runner = createRunner({ validator });
    runner.register({ name: 'slow' }, { concurrency: { limit: 1, queue: 1 }, handler: () => sleep(100) });
    const first = runner.run({ name: 'slow' });
    const ac = new AbortController();
    const queued = runner.run({ name: 'slow' }, { signal: ac.signal });
    await vi.advanceTimersByTimeAsync(1);
    ac.abort();
    expect((await queued).status).toBe('cancelled');
    // the queue (length 1) has room again although the first call still runs
    const next = runner.run({ name: 'slow' });
    await vi.advanceTimersByTimeAsync(200);
    expect((await first).status).toBe('success');
    expect((await next).status).toBe('success');
  });

  it('runBatch failFast cancels queued calls without leaving a slot stuck', async () => {
    const runner = createRunner({ validator, concurrency: { limit: 2, queue: 100 } });
    runner.register({ name: 'slow', inputSchema: { type: 'object' } }, () => sleep(50).then(() => 'ok'));
    runner.register({ name: 'bad', inputSchema: { type: 'object' } }, async () => {
      await sleep(10);
      throw new Error('boom');
    });
    const batch = runner.runBatch(
      [
        { name: 'bad' },
        { name: 'slow', arguments: { n: 1 } },
        { name: 'slow', arguments: { n: 2 } },
        { name: 'slow', arguments: { n: 3 } },
      ],
      { failFast: true },
    );
    await vi.advanceTimersByTimeAsync(10);
    const out = await batch;
    expect(out.results.map((r) => r.status)).toEqual(['failure', 'cancelled', 'cancelled', 'cancelled']);
    // the runner-wide limit is whole again: two calls start at once
    const both = Promise.all([
      runner.run({ name: 'slow' }),
      runner.run({ name: 'slow', arguments: { n: 9 } }),
    ]);
    await vi.advanceTimersByTimeAsync(50);
    expect((await both).map((r) => r.status)).toEqual(['success', 'success']);
  });

  it('property: random cancellations never strand a call and never break FIFO', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.record({ cancelAt: fc.option(fc.integer({ min: 0, max: 40 })) }), {
          minLength: 1,
          maxLength: 30,
        }),
        async (limit, calls) => {
          const runner = createRunner({ validator });
          const order: number[] = [];
          let active = 0;
          let peak = 0;
          runner.register(
            { name: 't', inputSchema: { type: 'object' } },
            {
              concurrency: { limit, queue: 100 },
              // Cooperative: stops when its signal aborts (a cancelled call's slot is freed at once).
              handler: async (args, req) => {
                order.push(args.i as number);
                active++;
                peak = Math.max(peak, active);
                try {
                  await abortableSleep(5, req.signal);
                } finally {
                  active--;
                }
              },
            },
          );
          const settled: ToolResult[] = [];
          calls.forEach((c, i) => {
            const ac = new AbortController();
            if (c.cancelAt !== null) setTimeout(() => ac.abort(), c.cancelAt);
            void runner
              .run({ name: 't', arguments: { i } }, { signal: ac.signal })
              .then((r) => settled.push(r));
          });
          await vi.advanceTimersByTimeAsync(5 * calls.length + 50);
          expect(settled).toHaveLength(calls.length);
          expect(peak).toBeLessThanOrEqual(limit);
          expect(order).toEqual([...order].sort((a, b) => a - b));
          expect(vi.getTimerCount()).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
