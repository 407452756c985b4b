import { isPlainObject, type JsonValue } from '@toolarsenal/toolmodel';
import { encodeStrict, encodeValue } from './percent-encode.js';

/**
 * OpenAPI parameter serialisation (3.1 "Style Values" and "Style Examples"; RFC 6570 for
 * matrix/label/form/simple). Values are percent-encoded; the delimiters each style adds are not.
 * Nested objects or arrays inside an array/object value (undefined by the specification outside
 * deepObject) are sent as JSON text.
 */
export interface Serialisation {
  style: string;
  explode: boolean;
  allowReserved?: boolean | undefined;
  /** `content`-declared parameter: the whole value is this media type's text (JSON), then encoded. */
  contentType?: string | undefined;
}

type Scalar = string | number | boolean | null;

function text(value: JsonValue): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function entries(value: Record<string, JsonValue>): Array<[string, JsonValue]> {
  return Object.entries(value);
}

/** A path parameter: `simple` (default), `label` or `matrix`. Always fully percent-encoded. */
export function serialisePath(name: string, value: JsonValue, s: Serialisation): string {
  const enc = (v: JsonValue) => encodeStrict(text(v));
  if (s.contentType !== undefined) value = JSON.stringify(value);
  const key = encodeStrict(name);
  switch (s.style) {
    case 'label':
      return `.${list(value, s.explode, '.', enc, '=')}`;
    case 'matrix': {
      if (Array.isArray(value))
        return s.explode
          ? value.map((v) => `;${key}=${enc(v)}`).join('')
          : `;${key}=${value.map(enc).join(',')}`;
      if (isPlainObject(value))
        return s.explode
          ? entries(value)
              .map(([k, v]) => `;${encodeStrict(k)}=${enc(v)}`)
              .join('')
          : `;${key}=${entries(value)
              .flatMap(([k, v]) => [encodeStrict(k), enc(v)])
              .join(',')}`;
      const one = enc(value);
      return one === '' ? `;${key}` : `;${key}=${one}`;
    }
    default:
      return list(value, s.explode, ',', enc, '=');
  }
}

/** RFC 6570 list/map expansion with a separator used between exploded members. */
function list(
  value: JsonValue,
  explode: boolean,
  explodedSeparator: string,
  enc: (v: JsonValue) => string,
  pair: string,
): string {
  if (Array.isArray(value)) return value.map(enc).join(explode ? explodedSeparator : ',');
  if (isPlainObject(value)) {
    const items = entries(value);
    return explode
      ? items.map(([k, v]) => `${encodeStrict(k)}${pair}${enc(v)}`).join(explodedSeparator)
      : items.flatMap(([k, v]) => [encodeStrict(k), enc(v)]).join(',');
  }
  return enc(value);
}

/**
 * A query parameter as `name=value` pairs (joined with `&` by the caller): `form` (default,
 * explode by default), `spaceDelimited`, `pipeDelimited`, `deepObject`. An empty array sends nothing.
 */
export function serialiseQuery(name: string, value: JsonValue, s: Serialisation): string[] {
  const enc = (v: JsonValue) => encodeValue(text(v), s.allowReserved === true);
  const key = encodeStrict(name);
  if (s.contentType !== undefined) return [`${key}=${enc(JSON.stringify(value))}`];
  if (s.style === 'deepObject') return deepObject(key, value, enc);
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    if (s.explode) return value.map((v) => `${key}=${enc(v)}`);
    return [`${key}=${value.map(enc).join(delimiter(s.style))}`];
  }
  if (isPlainObject(value)) {
    const items = entries(value);
    if (s.explode) return items.map(([k, v]) => `${encodeStrict(k)}=${enc(v)}`);
    return [`${key}=${items.flatMap(([k, v]) => [encodeStrict(k), enc(v)]).join(delimiter(s.style))}`];
  }
  return [`${key}=${enc(value)}`];
}

function delimiter(style: string): string {
  if (style === 'spaceDelimited') return '%20';
  if (style === 'pipeDelimited') return '|';
  return ',';
}

/** `color[R]=100&color[G]=200`; nested objects add `[key]`, arrays `[index]` (the qs / Stripe convention). */
function deepObject(prefix: string, value: JsonValue, enc: (v: JsonValue) => string, depth = 0): string[] {
  if (depth > 32) return [`${prefix}=${enc(JSON.stringify(value))}`];
  if (Array.isArray(value)) return value.flatMap((v, i) => deepObject(`${prefix}[${i}]`, v, enc, depth + 1));
  if (isPlainObject(value))
    return entries(value).flatMap(([k, v]) => deepObject(`${prefix}[${encodeStrict(k)}]`, v, enc, depth + 1));
  return [`${prefix}=${enc(value as Scalar)}`];
}

/** A header value (`simple`); never percent-encoded. */
export function serialiseHeader(value: JsonValue, s: Serialisation): string {
  if (s.contentType !== undefined) return JSON.stringify(value);
  return list(value, s.explode, ',', text, '=');
}

/** Cookie `name=value` pairs (`form`; explode sends one cookie per array member). */
export function serialiseCookie(name: string, value: JsonValue, s: Serialisation): string[] {
  const enc = (v: JsonValue) => encodeStrict(text(v));
  if (s.contentType !== undefined) return [`${name}=${enc(JSON.stringify(value))}`];
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    return s.explode ? value.map((v) => `${name}=${enc(v)}`) : [`${name}=${value.map(enc).join(',')}`];
  }
  if (isPlainObject(value)) {
    const items = entries(value);
    return s.explode
      ? items.map(([k, v]) => `${k}=${enc(v)}`)
      : [`${name}=${items.flatMap(([k, v]) => [encodeStrict(k), enc(v)]).join(',')}`];
  }
  return [`${name}=${enc(value)}`];
}
