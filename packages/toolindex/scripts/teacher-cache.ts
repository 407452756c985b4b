import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';

/** The teacher: texts in, one vector per text out (USE-lite through @energetic-ai/embeddings). */
export type TeacherEmbed = (texts: string[]) => Promise<number[][]>;

/**
 * Embeds `texts` with the teacher in fixed batches, returning the vectors as rows of one float32 array. With a
 * cache directory (`TOOLINDEX_TABLE_CACHE`), the rows are appended to a file named by the texts' and the batch
 * size's hash as they are computed, so an interrupted build resumes where it stopped and a rebuild with the same
 * inputs re-embeds nothing. The batches are the same with or without the cache, so the vectors are too.
 */
export async function embedInBatches(
  embed: TeacherEmbed,
  texts: readonly string[],
  dimensions: number,
  batch: number,
  cache: { dir: string; name: string } | undefined,
  progress: (done: number) => void,
): Promise<Float32Array> {
  const out = new Float32Array(texts.length * dimensions);
  const record = dimensions * 4;
  let file: string | undefined;
  let done = 0;
  if (cache) {
    const key = createHash('sha256')
      .update(`${batch}\n${texts.join('\n')}`)
      .digest('hex')
      .slice(0, 16);
    mkdirSync(cache.dir, { recursive: true });
    file = join(cache.dir, `${cache.name}-${key}.f32`);
    if (existsSync(file)) {
      // Whole batches only: a batch cut short by an interruption is embedded again.
      done = Math.min(texts.length, Math.floor(statSync(file).size / record / batch) * batch);
      const bytes = readFileSync(file).subarray(0, done * record);
      out.set(new Float32Array(bytes.buffer, bytes.byteOffset, done * dimensions));
      truncateSync(file, done * record);
    }
  }
  for (let i = done; i < texts.length; i += batch) {
    const vectors = await embed(texts.slice(i, i + batch));
    vectors.forEach((v, j) => out.set(v, (i + j) * dimensions));
    if (file) {
      const rows = out.subarray(i * dimensions, (i + vectors.length) * dimensions);
      appendFileSync(file, new Uint8Array(rows.buffer, rows.byteOffset, rows.byteLength));
    }
    progress(i + vectors.length);
  }
  return out;
}
