import { InvalidArgumentError, isPlainObject, joinPointer } from '@toolarsenal/toolmodel';
import type { DialectCodec } from './types.js';

/** One tool value of a document, where it sits, and the row it came wrapped in (if any). */
export interface DocumentItem {
  value: unknown;
  /** JSON pointer of the tool value in the whole input (`/3/tool` for a wrapped row). */
  pointer: string;
  /** The other fields of the row the tool came wrapped in (`{server, category, …}`), e.g. for namespacing. */
  row?: Readonly<Record<string, unknown>>;
}

/**
 * Splits a document into tool values with pointers, or `undefined` for a single tool. Codecs may
 * override; the default accepts an array or a request body `{tools: [...]}`.
 */
export function splitDocument(codec: DialectCodec, raw: unknown): DocumentItem[] | undefined {
  if (codec.fromDocument) return codec.fromDocument(raw);
  if (Array.isArray(raw)) return raw.map((value, i) => ({ value, pointer: `/${i}` }));
  if (isPlainObject(raw) && Array.isArray(raw.tools))
    return raw.tools.map((value, i) => ({ value, pointer: `/tools/${i}` }));
  return undefined;
}

/** Keys under which catalogue rows hold their tool. */
const WRAPPER_KEYS = ['tool', 'function'] as const;

/**
 * The tool of a catalogue row, when the wrapper is unambiguous: a row that is not a tool itself
 * (no `name`, no `type`) and holds exactly one tool object (with a string `name`) under `tool`
 * (`{tool: {...}, server: …}`, LiveMCPTool) or `function` (`{function: {...}, entry_id: …}`,
 * BFCL). For OpenAI chat, `function` is the dialect's own field, so it is never a wrapper there.
 * Anything else is returned as it is.
 */
export function unwrapRow(item: DocumentItem, dialect?: string): DocumentItem {
  if (!isPlainObject(item) || typeof item.pointer !== 'string')
    throw new InvalidArgumentError('item', 'a document item {value, pointer}', item);
  const raw = item.value;
  if (!isPlainObject(raw) || raw.name !== undefined || raw.type !== undefined) return item;
  let key: string | undefined;
  for (const candidate of WRAPPER_KEYS) {
    if (candidate === 'function' && dialect === 'openai-chat') continue;
    const inner = raw[candidate];
    if (!isPlainObject(inner) || typeof inner.name !== 'string') continue;
    if (key !== undefined) return item;
    key = candidate;
  }
  if (key === undefined) return item;
  const row: Record<string, unknown> = {};
  for (const k of Object.keys(raw)) if (k !== key) row[k] = raw[k];
  return { value: raw[key], pointer: joinPointer(item.pointer, key), row };
}

/** The tool values of `raw` read as `codec`'s dialect: split into a document's tools, rows unwrapped. */
export function documentItems(
  codec: DialectCodec,
  raw: unknown,
): { items: DocumentItem[]; document: boolean } {
  const split = splitDocument(codec, raw);
  const items = (split ?? [{ value: raw, pointer: '' }]).map((item) => unwrapRow(item, codec.dialect));
  return { items, document: split !== undefined };
}
