import { createHash } from 'node:crypto';
import { parseTool, toolToJson } from '@toolarsenal/toolmodel';
import { EmbedderMismatchError, SnapshotError } from './errors.js';
import { FIELD_COUNT } from './lexical/doc-terms.js';
import { createIndex, type ToolIndex } from './tool-index.js';
import type { IndexOptions } from './types.js';

const FORMAT = 'toolarsenal.toolindex.snapshot';
const VERSION = 1;
/** Bumped when tokenising changes; older snapshots are then re-tokenised instead of trusted. */
export const TOKENIZER_VERSION = 2;
/**
 * Bumped when the text tools are embedded from (`toolEmbeddingText`) changes; vectors in older snapshots are
 * then dropped and recomputed on the next search that needs them (snapshots without the field are version 1).
 */
const EMBED_TEXT_VERSION = 3;

interface SnapshotTool {
  tool: unknown;
  terms: number[];
  tf: number[];
  lengths: number[];
  vector?: string;
}

interface SnapshotBody {
  format: string;
  version: number;
  tokenizer: number;
  embedText?: number;
  embedderId: string | null;
  dimensions: number | null;
  vocabulary: string[];
  tools: SnapshotTool[];
}

/**
 * Serialises an index (tools, tokenised fields, vectors, embedder id) to JSON text with a checksum, so a
 * restart neither re-tokenises nor re-embeds. Pending (not yet embedded) tools are embedded first.
 */
export async function saveIndex(index: ToolIndex): Promise<string> {
  await index.embedPending();
  const body: SnapshotBody = {
    format: FORMAT,
    version: VERSION,
    tokenizer: TOKENIZER_VERSION,
    embedText: EMBED_TEXT_VERSION,
    embedderId: index.embedder?.id ?? null,
    dimensions: index.embedder?.dimensions ?? null,
    vocabulary: [...index.vocabularyTerms()],
    tools: index.entries().map((e) => ({
      tool: toolToJson(e.tool),
      terms: Array.from(e.terms.terms),
      tf: Array.from(e.terms.tf),
      lengths: Array.from(e.terms.lengths),
      ...(e.vector
        ? {
            vector: Buffer.from(e.vector.buffer, e.vector.byteOffset, e.vector.byteLength).toString('base64'),
          }
        : {}),
    })),
  };
  const json = JSON.stringify(body);
  return JSON.stringify({ checksum: checksum(json), body: json });
}

/**
 * Rebuilds an index from `saveIndex` output. Refuses snapshots whose vectors came from another embedder
 * (EmbedderMismatchError) and damaged or foreign data (SnapshotError). Without an embedder, or when the vectors
 * were computed from an older embedding text, vectors are dropped (and recomputed when needed).
 */
export async function loadIndex(snapshot: string, options: IndexOptions = {}): Promise<ToolIndex> {
  const body = readBody(snapshot);
  const embedder = options.embedder;
  if (embedder && body.embedderId !== null && body.embedderId !== embedder.id) {
    throw new EmbedderMismatchError(body.embedderId, embedder.id);
  }
  const useVectors =
    embedder !== undefined && body.embedderId === embedder.id && (body.embedText ?? 1) === EMBED_TEXT_VERSION;
  if (useVectors && body.dimensions !== embedder.dimensions) {
    throw new SnapshotError(
      `snapshot vectors have ${body.dimensions} dimensions, embedder has ${embedder.dimensions}`,
    );
  }
  const index = createIndex(options);
  const retokenise = body.tokenizer !== TOKENIZER_VERSION;
  body.tools.forEach((item, i) => {
    const at = `tools[${i}]`;
    let tool: ReturnType<typeof parseTool>;
    try {
      tool = parseTool(item.tool);
    } catch (error) {
      throw new SnapshotError(`snapshot ${at} is not a valid tool: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const stored = (item.tool as { contentHash?: unknown } | null)?.contentHash;
    if (stored !== undefined && stored !== tool.contentHash) {
      throw new SnapshotError(`snapshot ${at} (${tool.id}) content hash does not match its content`);
    }
    if (retokenise) {
      index.upsert(tool);
      return;
    }
    const terms = checkTerms(item, body.vocabulary.length, at);
    const vector =
      useVectors && item.vector !== undefined
        ? decodeVector(item.vector, embedder.dimensions, at)
        : undefined;
    index.restoreEntry(tool, terms, body.vocabulary, vector);
  });
  return index;
}

function readBody(snapshot: string): SnapshotBody {
  if (typeof snapshot !== 'string')
    throw new SnapshotError('snapshot must be the string saveIndex() returned');
  let outer: unknown;
  try {
    outer = JSON.parse(snapshot);
  } catch (error) {
    throw new SnapshotError(`snapshot is not valid JSON (truncated or damaged): ${(error as Error).message}`);
  }
  const o = outer as { checksum?: unknown; body?: unknown } | null;
  if (typeof o !== 'object' || o === null || typeof o.body !== 'string' || typeof o.checksum !== 'string') {
    throw new SnapshotError('not a toolindex snapshot (missing checksum/body)');
  }
  if (checksum(o.body) !== o.checksum)
    throw new SnapshotError('snapshot checksum mismatch: the data was modified or damaged');
  let body: SnapshotBody;
  try {
    // Checksummed output of saveIndex; every tool inside is re-validated by parseTool below.
    body = JSON.parse(o.body) as SnapshotBody;
  } catch (error) {
    throw new SnapshotError(`snapshot body is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (body?.format !== FORMAT)
    throw new SnapshotError(`not a toolindex snapshot (format ${JSON.stringify(body?.format)})`);
  if (body.version !== VERSION)
    throw new SnapshotError(`unsupported snapshot version ${String(body.version)}`);
  if (
    !Array.isArray(body.tools) ||
    !Array.isArray(body.vocabulary) ||
    !body.vocabulary.every((t) => typeof t === 'string')
  ) {
    throw new SnapshotError('snapshot tools/vocabulary are malformed');
  }
  return body;
}

function checkTerms(item: SnapshotTool, vocabularySize: number, at: string) {
  const ok =
    Array.isArray(item.terms) &&
    Array.isArray(item.tf) &&
    Array.isArray(item.lengths) &&
    item.tf.length === item.terms.length * FIELD_COUNT &&
    item.lengths.length === FIELD_COUNT &&
    item.terms.every((t) => Number.isInteger(t) && t >= 0 && t < vocabularySize) &&
    item.tf.every((t) => Number.isInteger(t) && t >= 0 && t <= 65535) &&
    item.lengths.every((t) => Number.isInteger(t) && t >= 0);
  if (!ok) throw new SnapshotError(`snapshot ${at} has malformed term statistics`);
  return {
    terms: Uint32Array.from(item.terms),
    tf: Uint16Array.from(item.tf),
    lengths: Uint32Array.from(item.lengths),
  };
}

function decodeVector(base64: unknown, dimensions: number, at: string): Float32Array {
  if (typeof base64 !== 'string') throw new SnapshotError(`snapshot ${at}.vector is not a string`);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.byteLength !== dimensions * 4)
    throw new SnapshotError(`snapshot ${at}.vector has the wrong length`);
  const vector = new Float32Array(dimensions);
  new Uint8Array(vector.buffer).set(bytes);
  if (!vector.every(Number.isFinite)) throw new SnapshotError(`snapshot ${at}.vector has non-finite values`);
  return vector;
}

function checksum(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}
