import { SnapshotError } from '@toolarsenal/toolindex';
import {
  buildDocTerms,
  type DocTerms,
  type Entry,
  FIELD_COUNT,
  toolFields,
  Vocabulary,
} from '@toolarsenal/toolindex/backend';
import { parseTool, type Tool } from '@toolarsenal/toolmodel';

/** A tool's tokenised fields with terms as strings (the database assigns the ids). */
export interface TermStrings {
  terms: string[];
  /** `tf[i * 4 + f]`: frequency of `terms[i]` in field f (name, description, parameters, tags). */
  tf: number[];
  lengths: number[];
}

/** Tokenises a tool exactly as the in-memory index does. */
export function termStrings(tool: Tool): TermStrings {
  const vocabulary = new Vocabulary();
  const doc = buildDocTerms(toolFields(tool), vocabulary);
  return {
    terms: Array.from(doc.terms, (id) => vocabulary.term(id)!),
    tf: Array.from(doc.tf),
    lengths: Array.from(doc.lengths),
  };
}

/** Re-orders a tool's terms by their database ids (DocTerms keeps ids ascending). */
export function sortedByIds(strings: TermStrings, ids: readonly number[]): { terms: number[]; tf: number[] } {
  const order = ids.map((_, i) => i).sort((a, b) => ids[a]! - ids[b]!);
  const tf: number[] = [];
  for (const i of order) for (let f = 0; f < FIELD_COUNT; f++) tf.push(strings.tf[i * FIELD_COUNT + f]!);
  return { terms: order.map((i) => ids[i]!), tf };
}

/** A `tools` row as read for ranking. */
export interface ToolRow {
  key: number;
  id: string;
  content_hash: string;
  tool: unknown;
  terms: unknown;
  tf: unknown;
  lengths: unknown;
  embedding?: unknown;
}

/**
 * A stored tool checked like a snapshot entry: the JSON must parse as a tool whose id and content hash match
 * the row, term statistics must be well formed against the mirrored dictionary, the vector finite and of the
 * schema's length. Anything else is a damaged row: SnapshotError naming it.
 */
export function rowTool(row: Pick<ToolRow, 'id' | 'content_hash' | 'tool'>): Tool {
  let tool: Tool;
  try {
    const json: unknown = typeof row.tool === 'string' ? JSON.parse(row.tool) : row.tool;
    tool = parseTool(json as Parameters<typeof parseTool>[0]);
  } catch (error) {
    throw new SnapshotError(
      `tools row ${JSON.stringify(row.id)} is not a valid tool: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  if (tool.id !== row.id || tool.contentHash !== row.content_hash)
    throw new SnapshotError(
      `tools row ${JSON.stringify(row.id)}: its id or content hash does not match its tool JSON`,
    );
  return tool;
}

export function rowEntry(row: ToolRow, vocabularySize: number, dimensions: number | undefined): Entry {
  const tool = rowTool(row);
  const at = `tools row ${JSON.stringify(row.id)}`;
  const terms = row.terms;
  const tf = row.tf;
  const lengths = row.lengths;
  const ok =
    isIntArray(terms, 0, vocabularySize - 1) &&
    isIntArray(tf, 0, 65535) &&
    isIntArray(lengths, 0, 2 ** 31 - 1) &&
    tf.length === terms.length * FIELD_COUNT &&
    lengths.length === FIELD_COUNT &&
    terms.every((t, i) => i === 0 || t > terms[i - 1]!);
  if (!ok) throw new SnapshotError(`${at} has malformed term statistics`);
  let vector: Float32Array | undefined;
  if (row.embedding !== undefined && row.embedding !== null) {
    const values = row.embedding;
    if (
      !Array.isArray(values) ||
      values.length !== dimensions ||
      !values.every((v) => typeof v === 'number' && Number.isFinite(v))
    )
      throw new SnapshotError(`${at} has a malformed vector`);
    vector = Float32Array.from(values as number[]);
  }
  const docTerms: DocTerms = {
    terms: Uint32Array.from(terms),
    tf: Uint16Array.from(tf),
    lengths: Uint32Array.from(lengths),
  };
  return {
    tool,
    terms: docTerms,
    embedText: undefined,
    vector,
    argumentTerms: undefined,
    slotKinds: undefined,
  };
}

function isIntArray(value: unknown, min: number, max: number): value is number[] {
  return (
    Array.isArray(value) &&
    value.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max)
  );
}
