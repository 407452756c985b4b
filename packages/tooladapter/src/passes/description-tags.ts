import { InvalidArgumentError, inspectJson, type JsonValue } from '@toolarsenal/toolmodel';

/**
 * Keywords a lowering moves into a description, as trailing lines `@keyword <JSON>` after a blank
 * line (the `@minimum 1` form of @samchon/openapi). `toCanonical` parses them back. Besides JSON
 * Schema keywords there are three marks of our own:
 * - `@optional` — the property was optional; strict mode made it required and added `null`
 *   (`@optional "nullable"`: it accepted `null` already, so `null` is read as "absent");
 * - `@schema <JSON>` — this node is a JSON-string stand-in for the given original subschema;
 * - `@contentMediaType "application/json"` — said next to `@schema` so the model sends JSON text.
 */
export const TAG_KEYWORDS: ReadonlySet<string> = new Set([
  'optional',
  'schema',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minContains',
  'maxContains',
  'minProperties',
  'maxProperties',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentRequired',
  'dependentSchemas',
  'prefixItems',
  'not',
  'if',
  'then',
  'else',
  'const',
  'enum',
  'type',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
  '$comment',
  '$id',
  '$anchor',
  'title',
]);

const TAG_LINE = /^@([A-Za-z$][A-Za-z0-9$]*)(?: (.+))?$/;
/** Tag values larger than this are dropped rather than moved (descriptions stay readable). */
export const MAX_TAG_VALUE_LENGTH = 2_000;

export type Tags = Map<string, JsonValue>;

/** Serialises one tag; `undefined` when the value is too large to carry. */
export function formatTag(keyword: string, value: unknown): string | undefined {
  if (value === true && keyword === 'optional') return '@optional';
  const json = JSON.stringify(value);
  if (json === undefined || json.length > MAX_TAG_VALUE_LENGTH) return undefined;
  return `@${keyword} ${json}`;
}

/** Appends tag lines to a description (after a blank line). */
export function appendTagLines(description: unknown, lines: readonly string[]): string | undefined {
  if (lines.length === 0) return typeof description === 'string' ? description : undefined;
  const block = lines.join('\n');
  if (typeof description !== 'string') return block;
  // A description that ends with tags already gets the new tags in the same block.
  if (endsWithTagLine(description)) return `${description}\n${block}`;
  return `${description}\n\n${block}`;
}

/** Whether the description already ends with a tag block (full parse only when the last line starts with "@"). */
function endsWithTagLine(description: string): boolean {
  const last = description.slice(description.lastIndexOf('\n') + 1);
  if (!last.startsWith('@')) return false;
  return parseDescriptionTags(description).tags.size > 0;
}

function parseTagLine(line: string): [string, JsonValue] | undefined {
  const m = TAG_LINE.exec(line);
  if (!m || !TAG_KEYWORDS.has(m[1]!)) return undefined;
  if (m[2] === undefined) return m[1] === 'optional' ? [m[1], true] : undefined;
  if (m[2].length > MAX_TAG_VALUE_LENGTH) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(m[2]);
  } catch {
    return undefined;
  }
  if (inspectJson(value, { maxDepth: 64, maxNodes: 5_000 }).length > 0) return undefined;
  return [m[1]!, value as JsonValue];
}

/**
 * Splits a description into its text and trailing tags. The tag block is the run of tag lines at
 * the end, preceded by a blank line (or making up the whole description).
 */
export function parseDescriptionTags(description: string): { description: string | undefined; tags: Tags } {
  if (typeof description !== 'string') throw new InvalidArgumentError('description', 'a string', description);
  const tags: Tags = new Map();
  if (!description.includes('@')) return { description, tags };
  const lines = description.split('\n');
  let i = lines.length - 1;
  const found: Array<[string, JsonValue]> = [];
  while (i >= 0) {
    const tag = parseTagLine(lines[i]!);
    if (!tag) break;
    found.push(tag);
    i--;
  }
  if (found.length === 0) return { description, tags };
  let text: string | undefined;
  if (i < 0) text = undefined;
  else if (lines[i] === '' && i >= 1) text = lines.slice(0, i).join('\n');
  else return { description, tags };
  for (let k = found.length - 1; k >= 0; k--) tags.set(found[k]![0], found[k]![1]);
  return { description: text, tags };
}

/**
 * Adds a paragraph of plain text to a description, before its tag block when it has one, so the
 * tags stay the trailing block `parseDescriptionTags` reads back.
 */
export function appendParagraph(description: unknown, text: string): string {
  if (typeof description !== 'string' || description === '') return text;
  const { description: body, tags } = parseDescriptionTags(description);
  if (tags.size === 0) return `${description}\n\n${text}`;
  if (body === undefined) return `${text}\n\n${description}`;
  return `${body}\n\n${text}\n\n${description.slice(body.length + 2)}`;
}
