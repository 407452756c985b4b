import { FORBIDDEN_KEYS, getAtPointer, isPlainObject } from '@toolarsenal/toolmodel';
import fc from 'fast-check';

/**
 * A fast-check arbitrary producing JSON values valid for a JSON Schema (2020-12), used by the
 * semantic round-trip proof. Best effort for `not`, `oneOf` exclusivity and complex `pattern`s:
 * callers validate every sample against the schema and discard the (rare) misses.
 *
 * Supported: type (and type arrays), properties/required/additionalProperties, items/prefixItems,
 * enum/const, anyOf/oneOf/allOf, minimum/maximum/exclusive*, multipleOf, minLength/maxLength,
 * minItems/maxItems, minProperties, pattern, format (date-time, date, time, email, uri, uuid,
 * ipv4, ipv6, hostname), local $ref/$defs (recursion bounded by `maxDepth`), OpenAPI `nullable`.
 */
export interface ArbitraryOptions {
  /** Nesting beyond which only required members and minimal arrays are generated. Default 4. */
  maxDepth?: number;
  /** Longest generated array when the schema sets no maximum. Default 3. */
  maxItems?: number;
  /** Longest generated string when the schema sets no maxLength. Default 12. */
  maxLength?: number;
}

type Schema = Record<string, unknown>;

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  'date-time': () =>
    fc
      .date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString()),
  date: () =>
    fc
      .date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10)),
  time: () =>
    fc.tuple(fc.nat(23), fc.nat(59), fc.nat(59)).map(([h, m, s]) => `${pad(h)}:${pad(m)}:${pad(s)}Z`),
  email: () => fc.emailAddress(),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
  uuid: () => fc.uuid(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  hostname: () => fc.domain(),
};

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

const safeKey = fc.string({ maxLength: 8 }).filter((k) => !FORBIDDEN_KEYS.has(k));

/** Any small JSON value (no forbidden keys, no -0) for schemas that constrain nothing. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -1000, max: 1000 }),
    fc.string({ maxLength: 8 }),
    fc.array(tie('value'), { maxLength: 2 }),
    fc.dictionary(safeKey, tie('value'), { maxKeys: 2 }),
  ),
})).value;

function typesOf(schema: Schema): string[] | undefined {
  const t = schema.type;
  const list =
    typeof t === 'string'
      ? [t]
      : Array.isArray(t)
        ? t.filter((x): x is string => typeof x === 'string')
        : undefined;
  if (list && schema.nullable === true && !list.includes('null')) list.push('null');
  return list;
}

/** Merges `allOf` members (object parts combined, other keywords: later wins) into one schema. */
function mergeAllOf(schema: Schema, resolve: (s: unknown) => Schema | boolean): Schema {
  const { allOf, ...rest } = schema;
  let out: Schema = { ...rest };
  for (const part of Array.isArray(allOf) ? allOf : []) {
    const resolved = resolve(part);
    if (!isPlainObject(resolved)) continue;
    const member =
      isPlainObject(resolved.allOf) || Array.isArray(resolved.allOf)
        ? mergeAllOf(resolved, resolve)
        : resolved;
    const properties = {
      ...(isPlainObject(out.properties) ? out.properties : {}),
      ...(isPlainObject(member.properties) ? member.properties : {}),
    };
    const required = [
      ...new Set([
        ...(Array.isArray(out.required) ? out.required : []),
        ...(Array.isArray(member.required) ? member.required : []),
      ]),
    ];
    out = { ...member, ...out, properties, required };
    if (out.type === undefined && member.type !== undefined) out.type = member.type;
  }
  return out;
}

export function arbitraryFromSchema(root: unknown, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const maxDepth = options.maxDepth ?? 4;
  const defaultMaxItems = options.maxItems ?? 3;
  const defaultMaxLength = options.maxLength ?? 12;

  const resolve = (schema: unknown, hops = 0): Schema | boolean => {
    if (typeof schema === 'boolean') return schema;
    if (!isPlainObject(schema)) return true;
    if (typeof schema.$ref === 'string' && hops < 32) {
      const target = schema.$ref.startsWith('#') ? getAtPointer(root, schema.$ref) : undefined;
      if (target === undefined) return true;
      const { $ref: _ref, ...siblings } = schema;
      const resolved = resolve(target, hops + 1);
      return isPlainObject(resolved) ? { ...resolved, ...siblings } : resolved;
    }
    return schema;
  };

  const build = (input: unknown, depth: number): fc.Arbitrary<unknown> => {
    const resolved = resolve(input);
    if (resolved === true) return depth > maxDepth ? fc.constant(null) : anyJson;
    if (resolved === false) return fc.constant(undefined).filter(() => false);
    let schema = resolved;
    if (Array.isArray(schema.allOf)) schema = mergeAllOf(schema, (s) => resolve(s));
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) {
      const values = schema.nullable === true ? [...schema.enum, null] : schema.enum;
      return values.length === 0 ? fc.constant(null) : fc.constantFrom(...values);
    }
    const variants = Array.isArray(schema.anyOf)
      ? schema.anyOf
      : Array.isArray(schema.oneOf)
        ? schema.oneOf
        : undefined;
    if (variants && variants.length > 0) {
      const { anyOf: _a, oneOf: _o, ...base } = schema;
      const arbs = variants.map((v) => {
        const branch = resolve(v);
        return build(isPlainObject(branch) ? { ...base, ...branch } : branch, depth + 1);
      });
      // Deep recursion: prefer the first branch (usually the non-recursive base case).
      return depth > maxDepth ? arbs[0]! : fc.oneof(...arbs);
    }
    const types = typesOf(schema) ?? inferTypes(schema);
    if (!types) return depth > maxDepth ? fc.constant(null) : anyJson;
    const arbs = types.map((t) => byType(t, schema, depth));
    return arbs.length === 1 ? arbs[0]! : fc.oneof(...arbs);
  };

  const byType = (type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
      case 'number':
        return numberArb(type, schema);
      case 'string':
        return stringArb(schema, defaultMaxLength);
      case 'array':
        return arrayArb(schema, depth);
      case 'object':
        return objectArb(schema, depth);
      default:
        return fc.constant(null);
    }
  };

  const arrayArb = (schema: Schema, depth: number): fc.Arbitrary<unknown> => {
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const schemaMax = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
    const max = depth > maxDepth ? min : Math.max(min, Math.min(schemaMax, min + defaultMaxItems));
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    const rest = schema.items === false ? undefined : build(schema.items ?? true, depth + 1);
    const unique = schema.uniqueItems === true;
    if (prefix.length === 0 && rest) {
      return unique
        ? fc.uniqueArray(rest, { minLength: min, maxLength: max, selector: (v) => JSON.stringify(v) })
        : fc.array(rest, { minLength: min, maxLength: max });
    }
    const head = fc.tuple(...prefix.map((p) => build(p, depth + 1)));
    const tailMax = rest ? Math.max(0, max - prefix.length) : 0;
    return fc
      .tuple(head, rest ? fc.array(rest, { maxLength: tailMax }) : fc.constant([]))
      .map(([h, t]) => [...h, ...t]);
  };

  const objectArb = (schema: Schema, depth: number): fc.Arbitrary<unknown> => {
    const props = isPlainObject(schema.properties) ? schema.properties : {};
    const required = new Set(
      Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
    );
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const requiredKeys: string[] = [];
    for (const [name, child] of Object.entries(props)) {
      if (FORBIDDEN_KEYS.has(name)) continue;
      const isRequired = required.has(name);
      if (!isRequired && depth > maxDepth) continue;
      model[name] = build(child, depth + 1);
      if (isRequired) requiredKeys.push(name);
    }
    // Required names without a property schema accept any value.
    for (const name of required)
      if (!(name in model) && !FORBIDDEN_KEYS.has(name)) {
        model[name] = build(true, depth + 1);
        requiredKeys.push(name);
      }
    const minProps = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
    const record = fc.record(model, { requiredKeys });
    if (minProps <= requiredKeys.length) return record;
    // Fill up to minProperties with the optional properties first, then extra keys if allowed.
    const extra =
      schema.additionalProperties === false
        ? undefined
        : build(schema.additionalProperties ?? true, depth + 1);
    return fc
      .tuple(
        fc.record(model, { requiredKeys: Object.keys(model) }),
        extra
          ? fc.dictionary(
              safeKey.map((k) => `x_${k}`),
              extra,
              { minKeys: minProps, maxKeys: minProps },
            )
          : fc.constant({}),
      )
      .map(([base, more]) => ({ ...more, ...base }));
  };

  return build(root, 0);
}

function inferTypes(schema: Schema): string[] | undefined {
  if (
    isPlainObject(schema.properties) ||
    schema.required !== undefined ||
    schema.additionalProperties !== undefined
  )
    return ['object'];
  if (schema.items !== undefined || schema.prefixItems !== undefined) return ['array'];
  if (
    schema.minLength !== undefined ||
    schema.maxLength !== undefined ||
    schema.pattern !== undefined ||
    schema.format !== undefined
  )
    return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined) return ['number'];
  return undefined;
}

function numberArb(type: 'integer' | 'number', schema: Schema): fc.Arbitrary<number> {
  const num = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
  let min = num('minimum') ?? -1e6;
  let max = num('maximum') ?? 1e6;
  const exMin = num('exclusiveMinimum');
  const exMax = num('exclusiveMaximum');
  const step = num('multipleOf');
  if (type === 'integer' || step !== undefined) {
    const unit = step ?? 1;
    if (exMin !== undefined) min = Math.max(min, exMin + (type === 'integer' ? 1 : unit) * 1e-9);
    if (exMax !== undefined) max = Math.min(max, exMax - (type === 'integer' ? 1 : unit) * 1e-9);
    const lo = Math.ceil(min / unit);
    const hi = Math.floor(max / unit);
    if (lo > hi) return fc.constant(lo * unit);
    return fc
      .integer({ min: Math.max(lo, -1e9), max: Math.min(hi, 1e9) })
      .map((k) => (step === undefined ? k : k * unit));
  }
  return fc
    .double({
      min: exMin !== undefined ? Math.max(min, exMin) : min,
      max: exMax !== undefined ? Math.min(max, exMax) : max,
      minExcluded: exMin !== undefined && exMin >= min,
      maxExcluded: exMax !== undefined && exMax <= max,
      noNaN: true,
      noDefaultInfinity: true,
    })
    .map((v) => (Object.is(v, -0) ? 0 : v));
}

function stringArb(schema: Schema, defaultMax: number): fc.Arbitrary<string> {
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format) return format();
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(min, min + defaultMax);
  if (typeof schema.pattern === 'string') {
    try {
      const re = new RegExp(schema.pattern, 'u');
      // Unanchored patterns match anywhere; stringMatching yields full matches, then lengths are checked.
      return fc.stringMatching(re).filter((s) => [...s].length >= min && [...s].length <= max);
    } catch {
      return fc.string({ minLength: min, maxLength: max });
    }
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'binary' });
}
