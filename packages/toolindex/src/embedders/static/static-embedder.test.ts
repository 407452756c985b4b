import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCachedEmbedder } from '../cache.js';
import { EmbedderError } from '../errors.js';
import { createDefaultEmbedder } from './static-embedder.js';
import { STATIC_TABLE_MANIFEST } from './table-manifest.js';

const cosine = (a: Float32Array, b: Float32Array): number =>
  a.reduce((s, x, i) => s + x * (b[i] as number), 0);
const shipped = new URL(`../../../assets/${STATIC_TABLE_MANIFEST.file}`, import.meta.url);

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (EmbedderError.isInstance(error)) return error.code;
  throw new Error(`expected an EmbedderError, got ${String(error)}`);
}

describe('createDefaultEmbedder (shipped static table)', () => {
  const embedder = createDefaultEmbedder();

  it('loads the shipped table and returns unit vectors of the manifest size', async () => {
    expect(embedder.dimensions).toBe(STATIC_TABLE_MANIFEST.dimensions);
    expect(embedder.id).toContain(STATIC_TABLE_MANIFEST.sha256.slice(0, 12));
    const [v] = await embedder.embed(['Get the current weather forecast for a city']);
    expect(v?.length).toBe(STATIC_TABLE_MANIFEST.dimensions);
    expect(cosine(v as Float32Array, v as Float32Array)).toBeCloseTo(1, 4);
  });

  it('captures meaning beyond shared words', async () => {
    const [query, weather, refund, recipe] = await embedder.embed([
      'will it rain tomorrow in London',
      'get weather forecast temperature and precipitation',
      'process a refund for a customer payment',
      'search cooking recipes by ingredient',
    ]);
    const q = query as Float32Array;
    expect(cosine(q, weather as Float32Array)).toBeGreaterThan(cosine(q, refund as Float32Array));
    expect(cosine(q, weather as Float32Array)).toBeGreaterThan(cosine(q, recipe as Float32Array));
    const [dinner] = await embedder.embed(['what should I cook for dinner with shrimp']);
    expect(cosine(dinner as Float32Array, recipe as Float32Array)).toBeGreaterThan(
      cosine(dinner as Float32Array, refund as Float32Array),
    );
  });

  it.each([
    // Tool names are split on case and separators; unknown words add nothing.
    ['getWeatherForecast', 'get_weather_forecast', 'zzqx 海久水瓶'],
    // Run-together words the table lacks split into known words, unless a piece is unknown.
    ['matchschedules_for_icehockeyapi', 'match schedules for ice hockey api', 'icehockeyzzqxapi'],
  ])('embeds %j like %j, and %j as the zero vector', async (name, spaced, unknown) => {
    const [a, b, zero] = await embedder.embed([name, spaced, unknown]);
    expect(cosine(a as Float32Array, b as Float32Array)).toBeCloseTo(1, 5);
    expect(Array.from(zero as Float32Array).every((x) => x === 0)).toBe(true);
  });

  it('stays fast on hostile text full of long unknown words', async () => {
    const words = Array.from(
      { length: 2_400 },
      (_, i) => `${'ab'.repeat(18)}${i.toString(36).replace(/\d/g, 'q')}`,
    );
    const started = Date.now();
    const [vector] = await embedder.embed([words.join(' ')]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((vector as Float32Array).every(Number.isFinite)).toBe(true);
  });

  it('is deterministic and bounded on huge input', async () => {
    const huge = 'weather '.repeat(200_000);
    const [a, b] = await embedder.embed([huge, huge]);
    expect(Array.from(a as Float32Array)).toEqual(Array.from(b as Float32Array));
    expect((a as Float32Array).every(Number.isFinite)).toBe(true);
  });

  it('works behind the cache (same id, same vectors)', async () => {
    const cached = createCachedEmbedder(embedder);
    const [direct] = await embedder.embed(['send an email']);
    const [viaCache] = await cached.embed(['send an email']);
    expect(Array.from(viaCache as Float32Array)).toEqual(Array.from(direct as Float32Array));
    expect(cached.id).toBe(embedder.id);
  });

  it('honours an aborted signal', async () => {
    expect(await codeOf(embedder.embed(['x'], { signal: AbortSignal.abort() }))).toBe('EMBEDDER_ABORTED');
  });
});

describe('createDefaultEmbedder loading', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolindex-table-'));

  it('is lazy: creating it reads nothing; a missing file fails on first embed', async () => {
    const embedder = createDefaultEmbedder({ tablePath: join(dir, 'missing.bin') });
    expect(embedder.dimensions).toBe(STATIC_TABLE_MANIFEST.dimensions);
    expect(await codeOf(embedder.embed(['x']))).toBe('EMBEDDER_ASSET_INVALID');
  });

  it('refuses a corrupted table by checksum', async () => {
    const bytes = readFileSync(shipped);
    const corrupt = Buffer.from(bytes);
    corrupt[corrupt.length - 1] = (corrupt[corrupt.length - 1] as number) ^ 0xff;
    const path = join(dir, 'corrupt.bin');
    writeFileSync(path, corrupt);
    const error = await createDefaultEmbedder({ tablePath: path })
      .embed(['x'])
      .catch((e: unknown) => e);
    expect(EmbedderError.isInstance(error)).toBe(true);
    expect((error as EmbedderError).code).toBe('EMBEDDER_ASSET_INVALID');
    expect((error as EmbedderError).message).toContain('checksum');
  });

  it('refuses a truncated table even with a matching checksum', async () => {
    const truncated = readFileSync(shipped).subarray(0, 1000);
    const path = join(dir, 'truncated.bin');
    writeFileSync(path, truncated);
    const { createHash } = await import('node:crypto');
    const sha = createHash('sha256').update(truncated).digest('hex');
    expect(await codeOf(createDefaultEmbedder({ tablePath: path, expectedSha256: sha }).embed(['x']))).toBe(
      'EMBEDDER_ASSET_INVALID',
    );
  });
});
