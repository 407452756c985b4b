import type { Embedder } from './embedder.js';
import { EmbedderError } from './errors.js';

/** Upper bound on texts per `embed` call accepted by the wrappers (a guard, not a batch size). */
export const MAX_TEXTS_PER_CALL = 1_000_000;

/** Checks `texts` is an array of strings; throws `EMBEDDER_INVALID_INPUT` naming the first bad index. */
export function assertTexts(texts: unknown): asserts texts is readonly string[] {
  if (!Array.isArray(texts)) {
    throw new EmbedderError('EMBEDDER_INVALID_INPUT', 'embed(texts): texts must be an array of strings');
  }
  if (texts.length > MAX_TEXTS_PER_CALL) {
    throw new EmbedderError(
      'EMBEDDER_INVALID_INPUT',
      `embed(texts): ${texts.length} texts exceed the limit of ${MAX_TEXTS_PER_CALL} per call`,
    );
  }
  for (let i = 0; i < texts.length; i++) {
    if (typeof texts[i] !== 'string') {
      throw new EmbedderError(
        'EMBEDDER_INVALID_INPUT',
        `embed(texts): texts[${i}] is ${typeof texts[i]}, expected a string`,
      );
    }
  }
}

/**
 * Verifies what an embedder returned: one Float32Array per text, each of `dimensions` finite numbers.
 * A faulty embedder (NaN, Infinity, wrong length or count) yields `EMBEDDER_INVALID_VECTOR`
 * instead of silently corrupting an index.
 */
export function assertVectors(
  embedder: Pick<Embedder, 'id' | 'dimensions'>,
  expected: number,
  vectors: unknown,
): Float32Array[] {
  if (!Array.isArray(vectors)) {
    throw invalid(embedder, `returned ${describe(vectors)} instead of an array of vectors`);
  }
  if (vectors.length !== expected) {
    throw invalid(embedder, `returned ${vectors.length} vectors for ${expected} texts`);
  }
  for (let i = 0; i < vectors.length; i++) {
    const v: unknown = vectors[i];
    if (!(v instanceof Float32Array)) {
      throw invalid(embedder, `vector ${i} is ${describe(v)}, expected a Float32Array`);
    }
    if (v.length !== embedder.dimensions) {
      throw invalid(embedder, `vector ${i} has length ${v.length}, expected ${embedder.dimensions}`);
    }
    for (let j = 0; j < v.length; j++) {
      if (!Number.isFinite(v[j])) {
        throw invalid(embedder, `vector ${i} has a non-finite value (${v[j]}) at index ${j}`);
      }
    }
  }
  return vectors as Float32Array[];
}

function invalid(embedder: Pick<Embedder, 'id'>, detail: string): EmbedderError {
  return new EmbedderError('EMBEDDER_INVALID_VECTOR', `Embedder ${JSON.stringify(embedder.id)} ${detail}`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a plain array';
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  return `a value of type ${typeof value}`;
}

/** Validates a positive integer option; throws `EMBEDDER_INVALID_OPTION` naming it. */
export function positiveInt(
  name: string,
  value: unknown,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw new EmbedderError(
      'EMBEDDER_INVALID_OPTION',
      `${name} must be an integer between 1 and ${max}, got ${String(value)}`,
    );
  }
  return value;
}

/** Scales `v` to unit length in place (a zero vector stays zero). */
export function normalizeInPlace(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += (v[i] as number) * (v[i] as number);
  if (sum > 0) {
    const inv = 1 / Math.sqrt(sum);
    for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) * inv;
  }
  return v;
}
