import { isPlainObject } from '@toolarsenal/toolmodel';
import type { DialectCodec } from './types.js';

/**
 * Splits a document into tool values with pointers, or `undefined` for a single tool. Codecs may
 * override; the default accepts an array or a request body `{tools: [...]}`.
 */
export function splitDocument(
  codec: DialectCodec,
  raw: unknown,
): Array<{ value: unknown; pointer: string }> | undefined {
  if (codec.fromDocument) return codec.fromDocument(raw);
  if (Array.isArray(raw)) return raw.map((value, i) => ({ value, pointer: `/${i}` }));
  if (isPlainObject(raw) && Array.isArray(raw.tools))
    return raw.tools.map((value, i) => ({ value, pointer: `/tools/${i}` }));
  return undefined;
}
