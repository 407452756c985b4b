import { standInWords } from '../src/embedders/static/compounds.js';
import { staticTokens } from '../src/embedders/static/tokenize.js';
import { fitWordVectors, type Sentence } from './fit-word-vectors.js';
import { embedInBatches, type TeacherEmbed } from './teacher-cache.js';
import { wordnetSentences } from './wordnet-sentences.js';

/**
 * WordNet sentences fitted to, in their fixed order: 64,000 of its 158,779 (about 25 minutes of the teacher on two
 * idle cores; all of them would take an hour).
 */
const CORPUS_SENTENCES = 64_000;
/** Pull of the one-word vectors in the fit (docs/embedders.md, session 17: 0.1 fitted WordNet's style too closely). */
const FIT_LAMBDA = 1;
/** Conjugate-gradient steps of the fit (the residual is below 1e-6 of its start by then). */
const FIT_ITERATIONS = 30;
const SENTENCE_BATCH = 128;

export interface FitInput {
  readonly embed: TeacherEmbed;
  /** The words' one-word teacher vectors, rows of `dimensions`: the fit's prior and starting point. */
  readonly oneWord: Float32Array;
  readonly words: readonly string[];
  /** Each word's SIF weight. */
  readonly weights: Float64Array;
  /** The first rows are the SUBTLEX words (a frequency-representative sample), whose mean is the centre. */
  readonly subtlexWords: number;
  readonly dimensions: number;
  readonly cache: (name: string) => { dir: string; name: string } | undefined;
  readonly log: (message: string) => void;
}

/**
 * Experimental (`--fit-wordnet`; not the shipped table, see docs/embedders.md): the one-word vectors fitted so that
 * each WordNet sentence's SIF-weighted mean of word vectors reproduces the teacher's vector of the whole sentence
 * (the tokenlearn idea), each word keeping its one-word vector's weight.
 */
export async function fitToWordNet(input: FitInput): Promise<Float32Array> {
  const { embed, oneWord, dimensions, log } = input;
  const texts = wordnetSentences().slice(0, CORPUS_SENTENCES);
  const teacherVectors = await embedInBatches(
    embed,
    texts,
    dimensions,
    SENTENCE_BATCH,
    input.cache('wordnet'),
    (done) => {
      if (done % (SENTENCE_BATCH * 40) === 0) log(`sentences: ${done} of ${texts.length}`);
    },
  );
  const { sentences, targets } = corpus(texts, teacherVectors, input);
  log(`${sentences.length} WordNet sentences with known words; fitting`);
  const fitted = fitWordVectors(oneWord, sentences, targets, {
    dimensions,
    lambda: FIT_LAMBDA,
    iterations: FIT_ITERATIONS,
    progress: (it, residual) => {
      if (it % 10 === 0) log(`fit step ${it}: relative residual ${residual.toExponential(2)}`);
    },
  });
  keepOneWordNorms(fitted, input);
  return fitted;
}

/**
 * Each sentence as the embedder reads it (its words' rows, unknown words through their stand-ins, each row
 * weighted by its SIF weight over the sentence's total) with the teacher's unit vector of it; sentences with no
 * known word are left out.
 */
function corpus(
  texts: readonly string[],
  vectors: Float32Array,
  { words, weights, dimensions: d }: FitInput,
): { sentences: Sentence[]; targets: Float32Array } {
  const index = new Map(words.map((w, i) => [w, i]));
  const isWord = (w: string) => index.has(w);
  const sentences: Sentence[] = [];
  const kept: number[] = [];
  texts.forEach((text, s) => {
    const rows: number[] = [];
    for (const token of staticTokens(text)) {
      const row = index.get(token);
      if (row !== undefined) rows.push(row);
      else for (const w of standInWords(token, isWord)) rows.push(index.get(w)!);
    }
    if (rows.length === 0) return;
    let total = 0;
    for (const r of rows) total += weights[r] as number;
    sentences.push({
      rows: Int32Array.from(rows),
      weights: Float32Array.from(rows, (r) => (weights[r] as number) / total),
    });
    kept.push(s);
  });
  const targets = new Float32Array(kept.length * d);
  kept.forEach((s, i) => {
    const v = vectors.subarray(s * d, (s + 1) * d);
    let norm = 0;
    for (const x of v) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < d; k++) targets[i * d + k] = (v[k] as number) / norm;
  });
  return { sentences, targets };
}

/**
 * The fit decides each word's direction, not its weight: every fitted row is rescaled, about the fitted words'
 * mean, to the distance its one-word vector had from the one-word mean. Without this, words the corpus uses often
 * come out longer than words it barely has (most technical words), which then count for less in every text:
 * "refund an order for a customer" ranked an invoice tool above the refund tool in semantic mode.
 */
function keepOneWordNorms(fitted: Float32Array, { oneWord, dimensions: d, subtlexWords }: FitInput): void {
  const fittedMean = subtlexMean(fitted, d, subtlexWords);
  const oneWordMean = subtlexMean(oneWord, d, subtlexWords);
  for (let base = 0; base < fitted.length; base += d) {
    let before = 0;
    let after = 0;
    for (let k = 0; k < d; k++) {
      before += ((oneWord[base + k] as number) - (oneWordMean[k] as number)) ** 2;
      after += ((fitted[base + k] as number) - (fittedMean[k] as number)) ** 2;
    }
    const factor = after > 0 ? Math.sqrt(before / after) : 1;
    for (let k = 0; k < d; k++) {
      const m = fittedMean[k] as number;
      fitted[base + k] = m + ((fitted[base + k] as number) - m) * factor;
    }
  }
}

/** Mean of the SUBTLEX words' rows (the first `count` rows). */
function subtlexMean(vectors: Float32Array, d: number, count: number): Float64Array {
  const mean = new Float64Array(d);
  for (let j = 0; j < count * d; j++) mean[j % d] = (mean[j % d] as number) + (vectors[j] as number) / count;
  return mean;
}
