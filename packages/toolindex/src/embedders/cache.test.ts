import { describe, expect, it } from 'vitest';
import { cacheKey, createCachedEmbedder, createVectorCache } from './cache.js';
import type { Embedder, EmbedOptions } from './embedder.js';
import { EmbedderError } from './errors.js';
import { createHashingEmbedder } from './hashing.js';

/** A real (hashing) embedder that records every batch it is asked for. */
function recording(base: Embedder = createHashingEmbedder(16)): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    id: base.id,
    dimensions: base.dimensions,
    calls,
    embed(texts: readonly string[], options?: EmbedOptions) {
      calls.push([...texts]);
      return base.embed(texts, options);
    },
  };
}

/** An embedder returning whatever `make` builds, to inject faults. */
function faulty(make: (texts: readonly string[]) => unknown, dimensions = 4): Embedder {
  return { id: 'faulty', dimensions, embed: async (texts) => make(texts) as Float32Array[] };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (EmbedderError.isInstance(error)) return error.code;
  throw new Error(`expected an EmbedderError, got ${String(error)}`);
}

describe('createCachedEmbedder', () => {
  it('returns the wrapped vectors, caches by text and de-duplicates within a call', async () => {
    const inner = recording();
    const cached = createCachedEmbedder(inner);
    const direct = await inner.embed(['alpha', 'beta']);
    inner.calls.length = 0;
    const first = await cached.embed(['alpha', 'beta', 'alpha']);
    expect(first.map((v) => Array.from(v))).toEqual(
      [direct[0], direct[1], direct[0]].map((v) => Array.from(v as Float32Array)),
    );
    expect(inner.calls).toEqual([['alpha', 'beta']]);
    await cached.embed(['beta', 'gamma']);
    expect(inner.calls).toEqual([['alpha', 'beta'], ['gamma']]);
    expect(cached.stats()).toEqual({ hits: 1, misses: 3, batches: 2 });
    expect(cached.id).toBe(inner.id);
    expect(cached.dimensions).toBe(inner.dimensions);
  });

  it('returns copies: mutating a result does not poison the cache', async () => {
    const cached = createCachedEmbedder(createHashingEmbedder(8));
    const [a] = await cached.embed(['x']);
    (a as Float32Array).fill(42);
    const [b] = await cached.embed(['x']);
    expect(Array.from(b as Float32Array)).not.toContain(42);
  });

  it('batches misses by batchSize', async () => {
    const inner = recording();
    const cached = createCachedEmbedder(inner, { batchSize: 3 });
    await cached.embed(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(inner.calls.map((c) => c.length)).toEqual([3, 3, 1]);
  });

  it('evicts least recently used entries beyond maxEntries', async () => {
    const inner = recording();
    const cached = createCachedEmbedder(inner, { maxEntries: 2 });
    await cached.embed(['a', 'b']);
    await cached.embed(['a']); // touch a → b is now oldest
    await cached.embed(['c']); // evicts b
    expect(cached.cache.size).toBe(2);
    inner.calls.length = 0;
    await cached.embed(['a', 'b', 'c']);
    expect(inner.calls).toEqual([['b']]);
  });

  it('keys a shared cache by embedder id', async () => {
    const cache = createVectorCache({ maxEntries: 10 });
    const small = createCachedEmbedder(createHashingEmbedder(8), { cache });
    const large = createCachedEmbedder(createHashingEmbedder(16), { cache });
    const [a] = await small.embed(['same text']);
    const [b] = await large.embed(['same text']);
    expect(a?.length).toBe(8);
    expect(b?.length).toBe(16);
    expect(cache.size).toBe(2);
    expect(cacheKey('x', 'text')).not.toBe(cacheKey('y', 'text'));
  });

  it('rejects NaN, Infinity, wrong length and wrong count with EMBEDDER_INVALID_VECTOR and caches nothing', async () => {
    const cases: ((texts: readonly string[]) => unknown)[] = [
      (t) => t.map(() => new Float32Array([1, Number.NaN, 0, 0])),
      (t) => t.map(() => new Float32Array([1, Number.POSITIVE_INFINITY, 0, 0])),
      (t) => t.map(() => new Float32Array(3)),
      (t) => t.slice(1).map(() => new Float32Array(4)),
      (t) => t.map(() => [0, 0, 0, 0]),
      () => null,
    ];
    for (const make of cases) {
      const cached = createCachedEmbedder(faulty(make));
      expect(await codeOf(cached.embed(['a', 'b']))).toBe('EMBEDDER_INVALID_VECTOR');
      expect(cached.cache.size).toBe(0);
    }
  });

  it('honours AbortSignal before, between batches, and while a wrapped embedder hangs', async () => {
    const inner = recording();
    const cached = createCachedEmbedder(inner, { batchSize: 1 });
    expect(await codeOf(cached.embed(['a'], { signal: AbortSignal.abort() }))).toBe('EMBEDDER_ABORTED');
    expect(inner.calls).toHaveLength(0);

    const controller = new AbortController();
    const aborting: Embedder = {
      id: 'aborting',
      dimensions: 4,
      async embed(texts) {
        controller.abort();
        return texts.map(() => new Float32Array(4));
      },
    };
    const twoBatches = createCachedEmbedder(aborting, { batchSize: 1 });
    expect(await codeOf(twoBatches.embed(['a', 'b'], { signal: controller.signal }))).toBe(
      'EMBEDDER_ABORTED',
    );
    expect(twoBatches.stats().batches).toBe(1);

    const hanging: Embedder = { id: 'hang', dimensions: 4, embed: () => new Promise(() => undefined) };
    const late = new AbortController();
    const pending = createCachedEmbedder(hanging).embed(['a'], { signal: late.signal });
    setTimeout(() => late.abort(), 10);
    expect(await codeOf(pending)).toBe('EMBEDDER_ABORTED');
  });

  it('rejects bad input and options with typed errors', async () => {
    const cached = createCachedEmbedder(createHashingEmbedder(8));
    expect(await codeOf(cached.embed('text' as unknown as string[]))).toBe('EMBEDDER_INVALID_INPUT');
    expect(await codeOf(cached.embed([1] as unknown as string[]))).toBe('EMBEDDER_INVALID_INPUT');
    expect(() => createCachedEmbedder(createHashingEmbedder(8), { batchSize: 0 })).toThrow(EmbedderError);
    expect(() => createVectorCache({ maxEntries: -1 })).toThrow(EmbedderError);
  });

  it('handles an empty batch without calling the wrapped embedder', async () => {
    const inner = recording();
    expect(await createCachedEmbedder(inner).embed([])).toEqual([]);
    expect(inner.calls).toHaveLength(0);
  });
});
