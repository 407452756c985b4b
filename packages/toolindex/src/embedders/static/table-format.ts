import { EmbedderError } from '../errors.js';

/**
 * Binary layout of a static embedding table (little-endian):
 *   magic "TAET" | u32 version (1) | u32 dimensions | u32 rows | u32 vocabBytes
 *   vocab: UTF-8 words joined by "\n" (vocabBytes), zero-padded to a multiple of 4
 *   scales: f32[rows]   (row weight × quantisation step)
 *   data:   i8[rows × dimensions]
 * A text vector is Σ scale[r] · data[r] over its known words, normalised.
 */
export interface StaticTable {
  readonly dimensions: number;
  readonly rows: number;
  readonly words: readonly string[];
  readonly scales: Float32Array;
  readonly data: Int8Array;
}

const MAGIC = 0x54454154; // "TAET" read as little-endian u32
const VERSION = 1;
const HEADER_BYTES = 20;

export function encodeTable(table: StaticTable): Uint8Array {
  const vocab = new TextEncoder().encode(table.words.join('\n'));
  const vocabPadded = Math.ceil(vocab.length / 4) * 4;
  const total = HEADER_BYTES + vocabPadded + table.rows * 4 + table.rows * table.dimensions;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, table.dimensions, true);
  view.setUint32(12, table.rows, true);
  view.setUint32(16, vocab.length, true);
  out.set(vocab, HEADER_BYTES);
  let offset = HEADER_BYTES + vocabPadded;
  for (let r = 0; r < table.rows; r++) view.setFloat32(offset + r * 4, table.scales[r] as number, true);
  offset += table.rows * 4;
  out.set(new Uint8Array(table.data.buffer, table.data.byteOffset, table.data.byteLength), offset);
  return out;
}

/** Parses and checks a table; any inconsistency is `EMBEDDER_ASSET_INVALID` naming what is wrong. */
export function decodeTable(bytes: Uint8Array, source: string): StaticTable {
  const fail = (detail: string): EmbedderError =>
    new EmbedderError('EMBEDDER_ASSET_INVALID', `Static embedding table ${source} is invalid: ${detail}`);
  if (bytes.byteLength < HEADER_BYTES) throw fail(`only ${bytes.byteLength} bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw fail('bad magic number');
  const version = view.getUint32(4, true);
  if (version !== VERSION) throw fail(`unsupported version ${version}`);
  const dimensions = view.getUint32(8, true);
  const rows = view.getUint32(12, true);
  const vocabBytes = view.getUint32(16, true);
  if (dimensions < 1 || dimensions > 4096) throw fail(`dimensions ${dimensions} out of range`);
  if (rows < 1 || rows > 10_000_000) throw fail(`rows ${rows} out of range`);
  const vocabPadded = Math.ceil(vocabBytes / 4) * 4;
  const expected = HEADER_BYTES + vocabPadded + rows * 4 + rows * dimensions;
  if (bytes.byteLength !== expected) throw fail(`${bytes.byteLength} bytes, expected ${expected}`);
  const words = new TextDecoder('utf-8', { fatal: true })
    .decode(bytes.subarray(HEADER_BYTES, HEADER_BYTES + vocabBytes))
    .split('\n');
  if (words.length !== rows) throw fail(`${words.length} words for ${rows} rows`);
  let offset = bytes.byteOffset + HEADER_BYTES + vocabPadded;
  // Copy into aligned arrays: the Buffer from readFile may sit at any byte offset.
  const scales = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    const scale = view.getFloat32(offset - bytes.byteOffset + r * 4, true);
    if (!Number.isFinite(scale)) throw fail(`row ${r} has a non-finite scale`);
    scales[r] = scale;
  }
  offset += rows * 4;
  const data = new Int8Array(rows * dimensions);
  data.set(new Int8Array(bytes.buffer, offset, rows * dimensions));
  return { dimensions, rows, words, scales, data };
}
