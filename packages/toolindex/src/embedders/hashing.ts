import type { Embedder, EmbedOptions } from './embedder.js';
import { throwIfAborted } from './errors.js';
import { assertTexts, normalizeInPlace, positiveInt } from './validate.js';

/**
 * Tiny deterministic feature-hashing embedder: lower-cased words and their character trigrams are
 * hashed (FNV-1a) into `dimensions` signed buckets, log-scaled and normalised. No dependencies, no
 * assets, microseconds per text. Lexical only (no synonyms): meant for tests and as a fallback.
 */
export function createHashingEmbedder(dimensions = 256): Embedder {
  const dims = positiveInt('dimensions', dimensions, 256, 65_536);
  return {
    id: `toolarsenal/hashing-v1@${dims}`,
    dimensions: dims,
    async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
      assertTexts(texts);
      throwIfAborted(options.signal);
      return texts.map((text) => hashText(text, dims));
    },
  };
}

const WORD = /[\p{L}\p{N}]+/gu;

function hashText(text: string, dims: number): Float32Array {
  const counts = new Float32Array(dims);
  const words = text.toLowerCase().match(WORD) ?? [];
  for (const word of words) {
    add(counts, fnv1a(word), dims, 1);
    const padded = `<${word}>`;
    const chars = Array.from(padded);
    for (let i = 0; i + 3 <= chars.length; i++) {
      add(counts, fnv1a(chars.slice(i, i + 3).join('')), dims, 0.5);
    }
  }
  for (let i = 0; i < dims; i++) {
    const c = counts[i] as number;
    counts[i] = Math.sign(c) * Math.log1p(Math.abs(c));
  }
  return normalizeInPlace(counts);
}

function add(target: Float32Array, hash: number, dims: number, weight: number): void {
  const index = hash % dims;
  // One hash bit picks the sign so collisions cancel out on average instead of piling up.
  const sign = (hash >>> 31) & 1 ? -1 : 1;
  target[index] = (target[index] as number) + sign * weight;
}

/** 32-bit FNV-1a over UTF-16 code units. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
