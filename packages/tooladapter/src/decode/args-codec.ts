import {
  FORBIDDEN_KEYS,
  inspectJson,
  isPlainObject,
  jsonEqual,
  resolveLocalRef,
} from '@toolarsenal/toolmodel';
import { parseDescriptionTags } from '../passes/description-tags.js';
import { enumValueToString } from '../passes/gemini-schema.js';
import type { ArgsDecoder, ArgsEncoder } from '../types.js';

/** What a lowered node asks of arguments, read once from its description tags. */
interface NodeMarks {
  /** JSON-string stand-in: the original subschema. */
  standIn?: unknown;
  /** Original enum values of a stringified enum. */
  enumValues?: unknown[];
  /** `@optional`: `null` means "absent". */
  optional: boolean;
}

const MAX_DEPTH = 128;
const NO_MARKS: NodeMarks = { optional: false };

/**
 * Argument codec driven by a lowered schema and the marks lowering left in it: decodes what a
 * model produced against the lowered schema into the canonical shape (JSON-string stand-ins
 * parsed, stringified enum values mapped back, `null` for `@optional` properties removed) and
 * encodes canonical arguments the other way. Pure, bounded, never throws on odd input: values
 * that do not fit are passed through unchanged for validation to report.
 */
export function createArgsCodec(lowered: unknown): { decode: ArgsDecoder; encode: ArgsEncoder } {
  // Built on first use: most conversions are never asked to decode.
  let codec: { decode: ArgsDecoder; encode: ArgsEncoder } | undefined;
  return {
    decode: (args) => {
      codec ??= buildArgsCodec(lowered);
      return codec.decode(args);
    },
    encode: (args) => {
      codec ??= buildArgsCodec(lowered);
      return codec.encode(args);
    },
  };
}

function buildArgsCodec(lowered: unknown): { decode: ArgsDecoder; encode: ArgsEncoder } {
  const cache = new WeakMap<object, NodeMarks>();
  const marks = (node: Record<string, unknown>): NodeMarks => {
    let m = cache.get(node);
    if (m) return m;
    m = NO_MARKS;
    if (typeof node.description === 'string') {
      const { tags } = parseDescriptionTags(node.description);
      if (tags.size > 0) {
        const enumValues = tags.get('enum');
        m = {
          standIn: tags.has('schema') ? tags.get('schema') : undefined,
          enumValues: node.format === 'enum' && Array.isArray(enumValues) ? enumValues : undefined,
          optional: tags.has('optional'),
        };
      }
    }
    cache.set(node, m);
    return m;
  };
  const resolve = (node: Record<string, unknown>, depth: number): Record<string, unknown> | undefined => {
    let current: unknown = node;
    for (let i = 0; i < 16 && isPlainObject(current) && typeof current.$ref === 'string'; i++) {
      const ref: string = current.$ref;
      current = resolveLocalRef(lowered, ref);
    }
    return depth > MAX_DEPTH || !isPlainObject(current) ? undefined : current;
  };

  const walk = (value: unknown, schema: unknown, depth: number, encode: boolean): unknown => {
    if (!isPlainObject(schema) || depth > MAX_DEPTH || value === undefined) return value;
    const node = resolve(schema, depth);
    if (!node) return value;
    const m = marks(node);
    if (m.standIn !== undefined) return encode ? toJsonText(value) : fromJsonText(value);
    if (m.enumValues) {
      if (encode) return m.enumValues.some((v) => jsonEqual(v, value)) ? enumValueToString(value) : value;
      const hit =
        typeof value === 'string' ? m.enumValues.find((v) => enumValueToString(v) === value) : undefined;
      return hit === undefined ? value : hit;
    }
    if (Array.isArray(node.anyOf)) {
      // A stringified-enum branch that maps the value exactly wins over a plain string branch.
      const branch =
        (encode ? undefined : node.anyOf.find((b) => enumBranchMatches(b, value))) ??
        node.anyOf.find((b) => fits(b, value, encode, 0));
      return branch === undefined ? value : walk(value, branch, depth + 1, encode);
    }
    if (Array.isArray(value)) {
      const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : [];
      return value.map((item, i) =>
        walk(item, i < prefix.length ? prefix[i] : node.items, depth + 1, encode),
      );
    }
    if (!isPlainObject(value)) return value;
    const props = isPlainObject(node.properties) ? node.properties : {};
    const extra = isPlainObject(node.additionalProperties) ? node.additionalProperties : undefined;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) continue;
      const sub = Object.hasOwn(props, key) ? props[key] : extra;
      const item = value[key];
      if (!encode && item === null && isPlainObject(sub) && marksOf(sub, depth).optional) continue;
      out[key] = walk(item, sub, depth + 1, encode);
    }
    if (encode) {
      for (const key of Object.keys(props)) {
        const sub = props[key];
        if (!Object.hasOwn(out, key) && isPlainObject(sub) && marksOf(sub, depth).optional) out[key] = null;
      }
    }
    return out;
  };
  const enumBranchMatches = (b: unknown, value: unknown): boolean => {
    const node = isPlainObject(b) ? resolve(b, 0) : undefined;
    const values = node ? marks(node).enumValues : undefined;
    return values?.some((v) => enumValueToString(v) === value) === true;
  };
  const marksOf = (sub: Record<string, unknown>, depth: number): NodeMarks => {
    const node = resolve(sub, depth);
    return node ? marks(node) : NO_MARKS;
  };
  /** Shallow: could `value` be an instance of branch `b` (lowered form when decoding, canonical when encoding)? */
  const fits = (b: unknown, value: unknown, encode: boolean, depth: number): boolean => {
    if (b === true) return true;
    if (!isPlainObject(b) || depth > 8) return false;
    const node = resolve(b, depth);
    if (!node) return false;
    const m = marks(node);
    if (m.standIn !== undefined) return encode ? fitsOriginal(m.standIn, value) : typeof value === 'string';
    if (m.enumValues)
      return encode
        ? m.enumValues.some((v) => jsonEqual(v, value))
        : m.enumValues.some((v) => enumValueToString(v) === value);
    return fitsOriginal(node, value, depth);
  };
  const fitsOriginal = (schema: unknown, value: unknown, depth = 0): boolean => {
    if (schema === true) return true;
    if (!isPlainObject(schema) || depth > 8) return false;
    if ('const' in schema) return jsonEqual(schema.const, value);
    if (Array.isArray(schema.enum)) return schema.enum.some((v) => jsonEqual(v, value));
    if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
      const list = (schema.anyOf ?? schema.oneOf) as unknown[];
      return list.some((b) => fits(b, value, true, depth + 1) || fitsOriginal(b, value, depth + 1));
    }
    if (value === null && schema.nullable === true) return true;
    const types =
      typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : undefined;
    if (!types) return true;
    return types.some((t) => jsonType(value, t));
  };
  return {
    decode: (args) => walk(args, lowered, 0, false),
    encode: (args) => walk(args, lowered, 0, true),
  };
}

function jsonType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    default:
      return false;
  }
}

function toJsonText(value: unknown): unknown {
  return JSON.stringify(value);
}

function fromJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return inspectJson(parsed).length === 0 ? parsed : value;
  } catch {
    return value;
  }
}

/** Identity codec for lossless targets. */
export const IDENTITY_ARGS: { decode: ArgsDecoder; encode: ArgsEncoder } = {
  decode: (args) => args,
  encode: (args) => args,
};
