import { createArgumentValidator } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRunner, InvalidOptionsError } from './index.js';
import { sleep } from './test-fixtures/helpers.js';

// One validator (one ajv instance) for the whole file keeps the suite fast.
const validator = createArgumentValidator();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Settles `promise` while fake time runs (timers fire as they come due). */
async function settle<T>(promise: Promise<T>, ms = 10_000): Promise<T> {
  await vi.advanceTimersByTimeAsync(ms);
  return promise;
}

const canonical = (v: unknown): string => JSON.stringify(sortKeys(v));
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

function counting() {
  const runs: string[] = [];
  const runner = createRunner({ validator, confirmation: false });
  const handler =
    (name: string, ms = 0, fail = false) =>
    async (args: Record<string, unknown>) => {
      runs.push(`${name}:${JSON.stringify(args)}`);
      if (ms) await sleep(ms);
      if (fail) throw new Error(`${name} failed`);
      return { name, args };
    };
  return { runs, runner, handler };
}

describe('runBatch', () => {
  it('runs identical calls once (canonical argument equality) and answers every call id', async () => {
    const { runs, runner, handler } = counting();
    runner.register({ name: 'search', annotations: { readOnlyHint: true } }, handler('search'));
    const batch = await runner.runBatch([
      { id: 'a', name: 'search', arguments: { q: 'x', page: 1 } },
      { id: 'b', name: 'search', arguments: '{"page":1,"q":"x"}' },
      { id: 'c', name: 'search', arguments: { q: 'y' } },
      { id: 'd', name: 'search', arguments: { page: 1, q: 'x' } },
    ]);
    expect(runs).toHaveLength(2);
    expect(batch.results.map((r) => r.callId)).toEqual(['a', 'b', 'c', 'd']);
    expect(batch.results.map((r) => r.duplicateOf)).toEqual([undefined, 'a', undefined, 'a']);
    expect(batch.results[1]?.result).toEqual(batch.results[0]?.result);
    expect(batch).toMatchObject({ executed: 2, deduplicated: 2, succeeded: 4, skipped: 0 });
    expect(batch.warnings[0]).toContain('2 duplicate');
  });

  it('can keep duplicates when dedupe is off', async () => {
    const { runs, runner, handler } = counting();
    runner.register({ name: 'ping', annotations: { readOnlyHint: true } }, handler('ping'));
    await runner.runBatch([{ name: 'ping' }, { name: 'ping' }], { dedupe: false });
    expect(runs).toHaveLength(2);
  });

  it('merges only tools that are safe to repeat unless the caller opts in (issue #14)', async () => {
    const { runs, runner, handler } = counting();
    runner.register({ name: 'send_email', inputSchema: { type: 'object' } }, handler('send_email'));
    runner.register(
      { name: 'set_flag', inputSchema: { type: 'object' } },
      { idempotent: true, handler: handler('set_flag') },
    );
    const mail = { name: 'send_email', arguments: { to: 'a@example.org', body: 'hi' } };
    const flag = { name: 'set_flag', arguments: { on: true } };
    const batch = await runner.runBatch([mail, mail, flag, flag]);
    expect(runs.filter((r) => r.startsWith('send_email'))).toHaveLength(2);
    expect(runs.filter((r) => r.startsWith('set_flag'))).toHaveLength(1);
    expect(batch.results.map((r) => r.duplicateOf)).toEqual([
      undefined,
      undefined,
      undefined,
      batch.results[2]?.callId,
    ]);
    runs.length = 0;
    const all = await runner.runBatch([mail, mail], { dedupe: 'all' });
    expect(runs).toHaveLength(1);
    expect(all.deduplicated).toBe(1);
  });

  it('merged duplicates get independent copies of the result (issue #14)', async () => {
    const { runner } = counting();
    runner.register(
      { name: 'list', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      () => ({
        items: [1, 2],
      }),
    );
    const batch = await runner.runBatch([{ name: 'list' }, { name: 'list' }]);
    const [a, b] = batch.results;
    expect(b?.duplicateOf).toBe(a?.callId);
    (a?.result as { items: number[] }).items.push(3);
    expect(b?.result).toEqual({ items: [1, 2] });
    expect(b?.timings).not.toBe(a?.timings);
  });

  it('rejects budgets and options it cannot honour (issue #14: maxCalls NaN ran every call)', async () => {
    const { runs, runner, handler } = counting();
    runner.register({ name: 'ping' }, handler('ping'));
    for (const options of [
      { maxCalls: Number.NaN },
      { maxCalls: -1 },
      { maxCalls: Number.POSITIVE_INFINITY },
      { maxCalls: 1.5 },
      { concurrency: 0 },
      { concurrency: Number.NaN },
      { strategy: 'random' as never },
      { dedupe: true as never },
    ]) {
      await expect(runner.runBatch([{ name: 'ping' }], options)).rejects.toThrow(InvalidOptionsError);
    }
    await expect(runner.runBatch('nope' as never)).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(runs).toEqual([]);
  });

  it('skips calls beyond maxCalls with a clear status instead of dropping them', async () => {
    const { runs, runner, handler } = counting();
    runner.register({ name: 'ping', inputSchema: { type: 'object' } }, handler('ping'));
    const batch = await runner.runBatch(
      [1, 2, 3, 4].map((n) => ({ id: `c${n}`, name: 'ping', arguments: { n } })),
      { maxCalls: 2 },
    );
    expect(runs).toHaveLength(2);
    expect(batch.results.map((r) => r.status)).toEqual(['success', 'success', 'skipped', 'skipped']);
    expect(batch.results[2]?.error?.code).toBe('MAX_CALLS_EXCEEDED');
    expect(batch.results[2]?.error?.message).toContain('at most 2 tool calls');
    expect(batch).toMatchObject({ executed: 2, skipped: 2 });
  });

  it('lets an exclusive tool run alone and reports it', async () => {
    const { runs, runner, handler } = counting();
    runner.register({ name: 'search' }, handler('search'));
    runner.register({ name: 'deep_research', exclusive: true }, handler('deep_research'));
    const batch = await runner.runBatch([
      { id: 's', name: 'search' },
      { id: 'r', name: 'deep_research' },
    ]);
    expect(runs).toEqual(['deep_research:{}']);
    expect(batch.exclusive).toEqual({ toolName: 'deep_research', callId: 'r' });
    expect(batch.results[0]?.error?.code).toBe('EXCLUSIVE_CONFLICT');
    expect(batch.results[1]?.status).toBe('success');
  });

  it('runs a control-taking tool last, once, and reports the hand-off', async () => {
    const { runs, runner, handler } = counting();
    runner.register({ name: 'search' }, handler('search', 20));
    runner.register({ name: 'handoff_human', takesControl: true }, handler('handoff_human'));
    runner.register({ name: 'handoff_agent', takesControl: true }, handler('handoff_agent'));
    const batch = await settle(
      runner.runBatch([
        { id: 'h', name: 'handoff_human' },
        { id: 's', name: 'search' },
        { id: 'h2', name: 'handoff_agent' },
      ]),
    );
    expect(runs).toEqual(['search:{}', 'handoff_human:{}']);
    expect(batch.handoff).toEqual({ toolName: 'handoff_human', callId: 'h', status: 'success' });
    expect(batch.results[0]?.takesControl).toBe(true);
    expect(batch.results[2]?.error?.code).toBe('CONTROL_CONFLICT');
  });

  it('sequential + failFast stops at the first failure and skips the rest', async () => {
    const { runs, runner, handler } = counting();
    runner.register({ name: 'ok' }, handler('ok'));
    runner.register({ name: 'bad' }, handler('bad', 0, true));
    const batch = await runner.runBatch(
      [
        { id: '1', name: 'ok' },
        { id: '2', name: 'bad' },
        { id: '3', name: 'ok', arguments: { again: true } },
      ],
      { strategy: 'sequential', failFast: true },
    );
    expect(runs).toEqual(['ok:{}', 'bad:{}']);
    expect(batch.results.map((r) => r.status)).toEqual(['success', 'failure', 'skipped']);
    expect(batch.results[2]?.error?.code).toBe('FAIL_FAST');
    expect(batch.failed).toBe(1);
  });

  it('parallel + failFast cancels calls still in flight', async () => {
    const { runner, handler } = counting();
    runner.register(
      { name: 'slow' },
      (_args, req) =>
        new Promise((resolve) => {
          const t = setTimeout(() => resolve('late'), 2_000);
          req.signal.addEventListener('abort', () => clearTimeout(t));
        }),
    );
    runner.register({ name: 'bad' }, handler('bad', 20, true));
    let done = false;
    const batch = runner.runBatch([{ name: 'slow' }, { name: 'bad' }], { failFast: true }).finally(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(19);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect((await batch).results.map((r) => r.status)).toEqual(['cancelled', 'failure']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('parallel runs calls concurrently; sequential one after another', async () => {
    const { runner } = counting();
    const starts: number[] = [];
    runner.register({ name: 'wait', inputSchema: { type: 'object' } }, async () => {
      starts.push(Date.now());
      await sleep(60);
    });
    const calls = [1, 2, 3].map((n) => ({ name: 'wait', arguments: { n } }));
    const t0 = Date.now();
    await settle(runner.runBatch(calls, { strategy: 'parallel' }), 60);
    expect(starts.map((t) => t - t0)).toEqual([0, 0, 0]);
    starts.length = 0;
    const t1 = Date.now();
    await settle(runner.runBatch(calls, { strategy: 'sequential' }), 180);
    expect(starts.map((t) => t - t1)).toEqual([0, 60, 120]);
  });

  it('adaptive runs read-only calls side by side and side-effecting calls in order', async () => {
    const { runner } = counting();
    let activeWrites = 0;
    let peakWrites = 0;
    let activeReads = 0;
    let peakReads = 0;
    const order: number[] = [];
    runner.register(
      { name: 'read', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      async () => {
        activeReads++;
        peakReads = Math.max(peakReads, activeReads);
        await sleep(30);
        activeReads--;
      },
    );
    runner.register({ name: 'write', inputSchema: { type: 'object' } }, async (args) => {
      activeWrites++;
      peakWrites = Math.max(peakWrites, activeWrites);
      order.push(args.n as number);
      await sleep(10);
      activeWrites--;
    });
    await settle(
      runner.runBatch(
        [
          { name: 'write', arguments: { n: 1 } },
          { name: 'read', arguments: { n: 1 } },
          { name: 'write', arguments: { n: 2 } },
          { name: 'read', arguments: { n: 2 } },
          { name: 'write', arguments: { n: 3 } },
        ],
        { strategy: 'adaptive' },
      ),
    );
    expect(peakWrites).toBe(1);
    expect(peakReads).toBe(2);
    expect(order).toEqual([1, 2, 3]);
  });

  it('limits in-flight calls with the batch concurrency option', async () => {
    const { runner } = counting();
    let active = 0;
    let peak = 0;
    runner.register({ name: 'w', inputSchema: { type: 'object' } }, async () => {
      active++;
      peak = Math.max(peak, active);
      await sleep(5);
      active--;
    });
    const batch = await settle(
      runner.runBatch(
        Array.from({ length: 12 }, (_, n) => ({ name: 'w', arguments: { n } })),
        { concurrency: 3 },
      ),
    );
    expect(peak).toBe(3);
    expect(batch.succeeded).toBe(12);
  });

  it('reports unknown tools and invalid arguments per call without failing the batch', async () => {
    const { runner, handler } = counting();
    runner.register({ name: 'ok' }, handler('ok'));
    const batch = await runner.runBatch([{ name: 'nope' }, { name: 'ok', arguments: '{' }, { name: 'ok' }]);
    expect(batch.results.map((r) => r.status)).toEqual(['not_found', 'invalid_arguments', 'success']);
  });

  it('dedupes any JSON arguments regardless of key order, and keeps distinct ones apart', async () => {
    const { runner } = counting();
    let runs = 0;
    runner.register(
      { name: 'echo', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      () => {
        runs++;
        return null;
      },
    );
    const shuffle = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(shuffle);
      if (value && typeof value === 'object') {
        const entries = Object.entries(value).reverse();
        return Object.fromEntries(entries.map(([k, v]) => [k, shuffle(v)]));
      }
      return value;
    };
    // Forbidden keys at any depth make arguments invalid (never deduped); keep them out here.
    const args = fc
      .dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 3 }))
      .filter((v) => !/"(__proto__|constructor|prototype)":/.test(JSON.stringify(v)));
    await fc.assert(
      fc.asyncProperty(args, fc.oneof(args, fc.constant({ x: 1 })), async (a, b) => {
        runs = 0;
        const batch = await runner.runBatch([
          { name: 'echo', arguments: a },
          { name: 'echo', arguments: shuffle(a) },
          { name: 'echo', arguments: JSON.stringify(b) },
        ]);
        const equal = canonical(a) === canonical(b);
        expect(batch.results[1]?.duplicateOf).toBe(batch.results[0]?.callId);
        expect(batch.results[2]?.duplicateOf).toBe(equal ? batch.results[0]?.callId : undefined);
        expect(runs).toBe(equal ? 1 : 2);
      }),
      { numRuns: 60 },
    );
  });
});
