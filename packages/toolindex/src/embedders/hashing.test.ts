import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmbedderError } from './errors.js';
import { createHashingEmbedder } from './hashing.js';

const cosine = (a: Float32Array, b: Float32Array): number =>
  a.reduce((s, x, i) => s + x * (b[i] as number), 0);

describe('createHashingEmbedder', () => {
  it('is deterministic, unit length and of the requested size', async () => {
    const embedder = createHashingEmbedder(64);
    const [a, b] = await embedder.embed(['Get the weather forecast', 'Get the weather forecast']);
    expect(a?.length).toBe(64);
    expect(Array.from(a as Float32Array)).toEqual(Array.from(b as Float32Array));
    expect(cosine(a as Float32Array, a as Float32Array)).toBeCloseTo(1, 5);
    expect(embedder.id).toBe('toolarsenal/hashing-v1@64');
  });

  it('scores shared words higher than unrelated text', async () => {
    const [q, near, far] = await createHashingEmbedder().embed([
      'weather forecast for Paris',
      'forecast the weather',
      'refund a payment',
    ]);
    expect(cosine(q as Float32Array, near as Float32Array)).toBeGreaterThan(
      cosine(q as Float32Array, far as Float32Array),
    );
  });

  it('gives a zero vector for text without words and handles CJK', async () => {
    const [empty, cjk] = await createHashingEmbedder(32).embed(['', '海久水瓶 搜索']);
    expect(Array.from(empty as Float32Array).every((x) => x === 0)).toBe(true);
    expect(cosine(cjk as Float32Array, cjk as Float32Array)).toBeCloseTo(1, 5);
  });

  it('always returns finite vectors of the right length (property)', async () => {
    const embedder = createHashingEmbedder(32);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 200 }), { maxLength: 8 }),
        async (texts) => {
          const vectors = await embedder.embed(texts);
          expect(vectors).toHaveLength(texts.length);
          for (const v of vectors) {
            expect(v.length).toBe(32);
            expect(v.every(Number.isFinite)).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('rejects invalid dimensions and an aborted signal', async () => {
    expect(() => createHashingEmbedder(0)).toThrow(EmbedderError);
    expect(() => createHashingEmbedder(2.5)).toThrow(EmbedderError);
    await expect(createHashingEmbedder().embed(['x'], { signal: AbortSignal.abort() })).rejects.toMatchObject(
      { code: 'EMBEDDER_ABORTED' },
    );
  });
});
