import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HealthTracker, percentile } from './health.js';
import { suggestNames } from './suggest.js';
import { KeyedBuckets, TokenBucket } from './token-bucket.js';

describe('TokenBucket', () => {
  it('allows a burst of `requests`, then refills at requests/interval', () => {
    const bucket = new TokenBucket({ requests: 3, intervalMs: 300 }, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([0, 0, 0]);
    expect(bucket.take(0)).toBe(100);
    expect(bucket.take(50)).toBe(50);
    expect(bucket.take(100)).toBe(0);
    expect(bucket.available(10_000)).toBe(3);
  });

  it('never hands out more than the rate allows over any run of takes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 200 }), (gaps) => {
        const bucket = new TokenBucket({ requests: 5, intervalMs: 100 }, 0);
        let now = 0;
        let granted = 0;
        for (const gap of gaps) {
          now += gap;
          if (bucket.take(now) === 0) granted++;
        }
        expect(granted).toBeLessThanOrEqual(5 + Math.floor((now * 5) / 100) + 1);
      }),
    );
  });

  it('keeps one bucket per key; evicts only refilled buckets, so eviction never resets a limit', () => {
    const buckets = new KeyedBuckets({ requests: 1, intervalMs: 1_000 }, 2);
    expect(buckets.get('a', 0)?.take(0)).toBe(0);
    expect(buckets.get('a', 0)?.take(0)).toBe(1_000);
    expect(buckets.get('b', 0)?.take(0)).toBe(0);
    // Both tracked buckets are still limited: a newcomer is refused rather than evicting 'a'.
    expect(buckets.get('c', 10)).toBeUndefined();
    expect(buckets.get('a', 10)?.take(10)).toBe(990);
    // Once 'a' and 'b' have refilled they are the same as fresh buckets: forgetting them is safe.
    expect(buckets.get('c', 1_000)?.take(1_000)).toBe(0);
    expect(buckets.size).toBe(1);
  });
});

describe('HealthTracker', () => {
  it('computes success rate, percentiles, EWMA and status over a window', () => {
    const h = new HealthTracker('t', 't@1.0.0', true, 3, 8);
    for (let i = 1; i <= 10; i++) h.record(true, i * 10, i);
    let s = h.snapshot();
    expect(s).toMatchObject({ calls: 10, successRate: 1, status: 'healthy', consecutiveFailures: 0 });
    expect(s.latency.samples).toBe(8);
    expect(s.latency.p50).toBe(60);
    expect(s.latency.p95).toBe(100);
    let ewma = 10;
    for (let i = 2; i <= 10; i++) ewma += 0.2 * (i * 10 - ewma);
    expect(s.latency.ewma).toBeCloseTo(ewma, 10);
    expect(h.record(false, 5, 11, { code: 'X', message: 'boom' })).toBe(true);
    expect(h.status).toBe('degraded');
    h.record(false, 5, 12);
    h.record(false, 5, 13);
    s = h.snapshot();
    expect(s.status).toBe('unhealthy');
    expect(s.successRate).toBeCloseTo(5 / 8);
    expect(s.lastError).toEqual({ code: 'X', message: 'boom' });
    expect(h.setBreaker('open')).toBe(false);
    expect(h.snapshot().breaker).toBe('open');
  });

  it('percentile uses nearest rank', () => {
    expect(percentile([], 0.5)).toBe(0);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4], 0.95)).toBe(4);
  });
});

describe('suggestNames', () => {
  it('suggests close names and nothing for unrelated ones', () => {
    const names = ['get_weather', 'search_docs', 'send_email'];
    expect(suggestNames('get_wether', names)).toEqual(['get_weather']);
    expect(suggestNames('weather', names)).toEqual(['get_weather']);
    expect(suggestNames('zzzzzz', names)).toEqual([]);
    expect(suggestNames('', names)).toEqual([]);
  });
});
