import { createHash } from 'node:crypto';
import type { Tool } from '@toolarsenal/toolmodel';

/** The text fields BM25 weighs separately. */
export const FIELDS = ['name', 'description', 'parameters', 'tags'] as const;
export type FieldName = (typeof FIELDS)[number];
export type FieldTexts = Record<FieldName, string>;

const MAX_SCHEMA_DEPTH = 4;
const MAX_PARAMETERS = 200;
/** Embedding models read a few hundred tokens at most; longer text only costs time. */
const MAX_EMBED_CHARS = 2000;

/** Splits a tool into its weighted fields: name (+title), description (+examples, hints), parameters, tags. */
export function toolFields(tool: Tool): FieldTexts {
  return {
    name: [tool.name, tool.title ?? '', tool.annotations.title ?? ''].join(' '),
    description: [tool.description, tool.longDescription ?? '', ...tool.examples, tool.usageHints ?? ''].join(
      ' ',
    ),
    parameters: parameterText(tool.inputSchema),
    tags: [...tool.tags, tool.category ?? '', tool.namespace ?? ''].join(' '),
  };
}

/** Words kept from each parameter description in the embedding text. */
const EMBED_PARAMETER_WORDS = 8;
/** Words kept from the description in the embedding text (BM25 still reads all of it). */
const EMBED_DESCRIPTION_WORDS = 30;

/**
 * The text a tool is embedded from: readable name, description, examples, each parameter's name with the start
 * of its description, tags. Name and tags appear twice: they say what the tool is, and a mean-of-words embedder
 * otherwise lets long parameter text outweigh them. Parameter descriptions are cut to their first 8 words for
 * the same reason (a parameter that lists every accepted format is not what the tool does), and the description
 * to its first 30 words (a description of several paragraphs drowns what the tool is in prose; BM25 still reads
 * all of it); measured in docs/ranking-experiments.md. Bump EMBED_TEXT_VERSION in snapshot.ts when this changes: vectors from older
 * snapshots are then recomputed.
 */
export function toolEmbeddingText(tool: Tool): string {
  const split = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_./-]+/g, ' ');
  const params: string[] = [];
  visitProperties(tool.inputSchema, 0, (name, sub) => {
    const description =
      typeof sub.description === 'string' ? firstWords(sub.description, EMBED_PARAMETER_WORDS) : '';
    params.push(description ? `${split(name)} ${description}` : split(name));
  });
  const head = split(tool.title ?? tool.name);
  const text = [
    head,
    head,
    firstWords(tool.description, EMBED_DESCRIPTION_WORDS),
    ...tool.examples,
    ...params,
    ...tool.tags,
    ...tool.tags,
  ]
    .filter((part) => part.trim() !== '')
    .join('. ');
  return text.length > MAX_EMBED_CHARS ? text.slice(0, MAX_EMBED_CHARS) : text;
}

function firstWords(text: string, count: number): string {
  const words = text
    .slice(0, count * 40)
    .split(/\s+/)
    .filter((w) => w !== '');
  return words.slice(0, count).join(' ');
}

type SchemaLike = Readonly<Record<string, unknown>>;

function parameterText(schema: unknown): string {
  const parts: string[] = [];
  visitProperties(schema, 0, (name, sub) => {
    parts.push(name);
    if (typeof sub.description === 'string') parts.push(sub.description);
    if (typeof sub.title === 'string') parts.push(sub.title);
  });
  return parts.join(' ');
}

/** Visits property definitions (nested objects and array items too), bounded in depth and count. */
function visitProperties(
  schema: unknown,
  depth: number,
  visit: (name: string, sub: SchemaLike) => void,
): number {
  if (depth > MAX_SCHEMA_DEPTH || typeof schema !== 'object' || schema === null) return 0;
  const s = schema as SchemaLike;
  let count = 0;
  const props = s.properties;
  if (typeof props === 'object' && props !== null) {
    for (const [name, sub] of Object.entries(props as Record<string, unknown>)) {
      if (count >= MAX_PARAMETERS) break;
      if (typeof sub !== 'object' || sub === null) continue;
      visit(name, sub as SchemaLike);
      count += 1 + visitProperties(sub, depth + 1, visit);
    }
  }
  if (typeof s.items === 'object' && s.items !== null) count += visitProperties(s.items, depth + 1, visit);
  return count;
}

/** A short, stable hash of an embedding text: stores keep it next to a vector to tell whether it is still current. */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}
