import { isPlainObject, type JsonValue } from '@toolarsenal/toolmodel';
import type { BodyMeta } from '../source-meta.js';
import { HttpCallError } from './errors.js';
import { serialiseQuery } from './serialize.js';

/** A body ready to send: bytes or text, or a FormData (multipart) the transport serialises. */
export interface EncodedRequestBody {
  body: string | Uint8Array | FormData;
  /** Content-Type to send; undefined for multipart (the boundary is set when it is serialised). */
  contentType: string | undefined;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$|^\*\/\*$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Encodes `args.body` as the operation's media type says. */
export function encodeBody(value: JsonValue, meta: BodyMeta): EncodedRequestBody {
  const type = meta.contentType;
  if (meta.binary) return { body: decodeBase64(value, '/body'), contentType: type };
  if (/^application\/x-www-form-urlencoded/i.test(type))
    return { body: formBody(value, meta), contentType: type };
  if (/^multipart\//i.test(type)) return { body: multipartBody(value, meta), contentType: undefined };
  if (JSON_TYPE.test(type))
    return { body: JSON.stringify(value), contentType: type === '*/*' ? 'application/json' : type };
  if (typeof value === 'string') return { body: value, contentType: type };
  if (/^text\//i.test(type) && (typeof value === 'number' || typeof value === 'boolean'))
    return { body: String(value), contentType: type };
  throw new HttpCallError(
    'OPENAPI_CALL_BAD_ARGUMENT',
    `/body: a ${Array.isArray(value) ? 'list' : typeof value} cannot be sent as ${type}; give the body as text`,
  );
}

/** `application/x-www-form-urlencoded`: each property by its Encoding Object (default form, explode). */
function formBody(value: JsonValue, meta: BodyMeta): string {
  if (!isPlainObject(value))
    throw new HttpCallError('OPENAPI_CALL_BAD_ARGUMENT', '/body: a form body must be an object');
  const pairs: string[] = [];
  for (const [name, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const e = meta.encoding?.[name];
    const style = e?.style ?? 'form';
    if (e?.contentType && JSON_TYPE.test(e.contentType)) {
      pairs.push(...serialiseQuery(name, JSON.stringify(v), { style: 'form', explode: true }));
      continue;
    }
    pairs.push(
      ...serialiseQuery(name, v, {
        style,
        explode: e?.explode ?? style === 'form',
        allowReserved: e?.allowReserved,
      }),
    );
  }
  return pairs.join('&');
}

/**
 * `multipart/form-data`: one part per property (arrays: one part per member). File properties are
 * decoded from base64; objects are sent as JSON parts; each part's type follows its Encoding Object.
 */
function multipartBody(value: JsonValue, meta: BodyMeta): FormData {
  if (!isPlainObject(value))
    throw new HttpCallError('OPENAPI_CALL_BAD_ARGUMENT', '/body: a multipart body must be an object');
  const form = new FormData();
  const files = new Set(meta.binaryProperties ?? []);
  for (const [name, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const partType = meta.encoding?.[name]?.contentType?.split(',')[0]?.trim();
    const members = Array.isArray(v) && (files.has(name) || !partType || !JSON_TYPE.test(partType)) ? v : [v];
    members.forEach((member, i) => {
      const pointer = `/body/${escape(name)}${members === v ? `/${i}` : ''}`;
      if (files.has(name)) {
        const bytes = decodeBase64(member, pointer);
        form.append(name, new Blob([bytes], { type: partType ?? 'application/octet-stream' }), name);
      } else if (member !== null && typeof member === 'object') {
        form.append(name, new Blob([JSON.stringify(member)], { type: partType ?? 'application/json' }));
      } else if (partType && !/^text\/plain/i.test(partType)) {
        form.append(name, new Blob([member === null ? '' : String(member)], { type: partType }));
      } else {
        form.append(name, member === null ? '' : String(member));
      }
    });
  }
  return form;
}

function decodeBase64(value: JsonValue, pointer: string): Uint8Array {
  if (typeof value !== 'string')
    throw new HttpCallError('OPENAPI_CALL_BAD_ARGUMENT', `${pointer}: file content must be a base64 string`);
  const compact = value.replace(/\s+/g, '');
  if (BASE64.test(compact)) return new Uint8Array(Buffer.from(compact, 'base64'));
  if (BASE64URL.test(compact)) return new Uint8Array(Buffer.from(compact, 'base64url'));
  throw new HttpCallError('OPENAPI_CALL_BAD_ARGUMENT', `${pointer}: file content is not valid base64`);
}

function escape(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}
