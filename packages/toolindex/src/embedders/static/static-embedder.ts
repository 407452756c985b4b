import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Embedder, EmbedOptions } from '../embedder.js';
import { EmbedderError, throwIfAborted } from '../errors.js';
import { assertTexts, normalizeInPlace } from '../validate.js';
import { decodeTable, type StaticTable } from './table-format.js';
import { STATIC_TABLE_MANIFEST } from './table-manifest.js';
import { standInWords } from './compounds.js';
import { staticTokens } from './tokenize.js';

export interface DefaultEmbedderOptions {
  /**
   * Table file to load instead of the shipped one. It must still match the shipped manifest
   * (checksum, size, dimensions) unless `expectedSha256` is given for it.
   */
  tablePath?: string | URL;
  /** SHA-256 (hex) the file at `tablePath` must have. */
  expectedSha256?: string;
}

/** Texts embedded between two yields to the event loop, so a large batch does not block it. */
const YIELD_EVERY = 256;
/** Unknown words remembered with their table rows (compound splits are the costly part); cleared when full. */
const UNKNOWN_CACHE_MAX = 50_000;
/**
 * How text is turned into rows, part of the embedder id: `r2` splits unknown compounds ("icehockeyapi" →
 * ice hockey api). Vectors made under another revision are not mixed with these (snapshots are refused).
 */
const EMBED_REVISION = 'r2';

/** The shipped table's generation, part of the embedder id. */
const TABLE_VERSION = 'v2';

/** Start of the id of every embedder made by `createDefaultEmbedder` (a static word table). */
export const STATIC_EMBEDDER_ID_PREFIX = 'toolarsenal/static-use-lite-';

/**
 * The offline default embedder: a 128-d static word table distilled at build time from the
 * Universal Sentence Encoder lite, shipped inside this package (no download, no TF.js at run time).
 * A text vector is the SIF-weighted mean of its words' rows, normalised (zero vector when no word is
 * known). The 5.3 MB table is read and checksum-verified lazily on the first `embed` call, so
 * lexical-only users never load it.
 */
export function createDefaultEmbedder(options: DefaultEmbedderOptions = {}): Embedder {
  const manifest = STATIC_TABLE_MANIFEST;
  const path = options.tablePath ?? new URL(`../../../assets/${manifest.file}`, import.meta.url);
  const expectedSha256 = options.expectedSha256 ?? manifest.sha256;
  let loading: Promise<LoadedTable> | undefined;
  let loaded: LoadedTable | undefined;

  const load = (): Promise<LoadedTable> => {
    loading ??= loadTable(path, expectedSha256, manifest.dimensions).then(
      (table) => (loaded = table),
      (error: unknown) => {
        loading = undefined; // allow a retry after e.g. a transient read error
        throw error;
      },
    );
    return loading;
  };

  const embedder: Embedder & { [EMBED_IF_LOADED]: (text: string) => Float32Array | undefined } = {
    [EMBED_IF_LOADED]: (text: string) => (loaded ? embedText(loaded, text) : undefined),
    id: `${STATIC_EMBEDDER_ID_PREFIX}${TABLE_VERSION}-${EMBED_REVISION}@${manifest.dimensions}:${expectedSha256.slice(0, 12)}`,
    dimensions: manifest.dimensions,
    async embed(texts: readonly string[], embedOptions: EmbedOptions = {}): Promise<Float32Array[]> {
      assertTexts(texts);
      const { signal } = embedOptions;
      throwIfAborted(signal);
      const table = await load();
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i++) {
        if (i > 0 && i % YIELD_EVERY === 0) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          throwIfAborted(signal);
        }
        out.push(embedText(table, texts[i] as string));
      }
      return out;
    },
  };
  return embedder;
}

/**
 * Internal: the vector of one text, synchronously, once the table has been loaded by an `embed` call (else
 * undefined). Ranking reads tool names through it for the few candidates of a search.
 */
export const EMBED_IF_LOADED = Symbol('toolindex.static.embedIfLoaded');

/** The synchronous embedding of a `createDefaultEmbedder` embedder, if `embedder` is one and its table is loaded. */
export function embedIfLoaded(embedder: Embedder, text: string): Float32Array | undefined {
  const hook = (embedder as { [EMBED_IF_LOADED]?: (text: string) => Float32Array | undefined })[
    EMBED_IF_LOADED
  ];
  return typeof hook === 'function' ? hook(text) : undefined;
}

interface LoadedTable extends StaticTable {
  readonly index: ReadonlyMap<string, number>;
  /** Rows of words missing from the table (their fallback form or compound pieces; empty: unknown). */
  readonly unknown: Map<string, readonly number[]>;
}

async function loadTable(
  path: string | URL,
  expectedSha256: string,
  dimensions: number,
): Promise<LoadedTable> {
  const where = typeof path === 'string' ? path : fileURLToPath(path);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new EmbedderError('EMBEDDER_ASSET_INVALID', `Cannot read the static embedding table ${where}`, {
      cause: error,
    });
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== expectedSha256.toLowerCase()) {
    throw new EmbedderError(
      'EMBEDDER_ASSET_INVALID',
      `Static embedding table ${where} has checksum ${sha256}, expected ${expectedSha256} (corrupt or from another version)`,
    );
  }
  const table = decodeTable(bytes, where);
  if (table.dimensions !== dimensions) {
    throw new EmbedderError(
      'EMBEDDER_ASSET_INVALID',
      `Static embedding table ${where} has ${table.dimensions} dimensions, expected ${dimensions}`,
    );
  }
  const index = new Map<string, number>();
  for (let row = 0; row < table.words.length; row++) index.set(table.words[row] as string, row);
  return { ...table, index, unknown: new Map() };
}

function embedText(table: LoadedTable, text: string): Float32Array {
  const { dimensions, data, scales, index } = table;
  const vector = new Float32Array(dimensions);
  const add = (row: number) => {
    const scale = scales[row] as number;
    const base = row * dimensions;
    for (let k = 0; k < dimensions; k++)
      vector[k] = (vector[k] as number) + scale * (data[base + k] as number);
  };
  for (const word of staticTokens(text)) {
    const row = index.get(word);
    if (row !== undefined) add(row);
    else for (const r of unknownRows(table, word)) add(r);
  }
  return normalizeInPlace(vector);
}

/**
 * Rows for a word the table lacks: its first known fallback form (plural, -ing, -ed), else the pieces of a
 * run-together compound, else nothing. Memoised per table (bounded).
 */
function unknownRows(table: LoadedTable, word: string): readonly number[] {
  const cached = table.unknown.get(word);
  if (cached !== undefined) return cached;
  const { index } = table;
  const rows = standInWords(word, (w) => index.has(w)).map((w) => index.get(w)!);
  if (table.unknown.size >= UNKNOWN_CACHE_MAX) table.unknown.clear();
  table.unknown.set(word, rows);
  return rows;
}
