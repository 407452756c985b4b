import {
  isPlainObject,
  joinPointer,
  mapSchema,
  mapSchemaShared,
  type PointerOf,
} from '@toolarsenal/toolmodel';
import { note, type PassContext } from './context.js';
import { everyItem, keepItems, someItem } from './list-utils.js';
import { appendTagLines, formatTag } from './description-tags.js';
import { foldableKeys } from './distribute-any-of.js';
import { hasAnnotatedAnyOfChild, isolateAnyOf, liftAnyOfAnnotations } from './gemini-any-of.js';
import { moveKeywordsToDescription, type Schema, typeList } from './schema-utils.js';

/** Fields Gemini's `parameters` (OpenAPI 3.0 subset, googleapis/js-genai `Schema`) accepts. */
export const GEMINI_ALLOWED_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'properties',
  'required',
  'items',
  'anyOf',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
  'minimum',
  'maximum',
  'pattern',
  'default',
  'example',
  'propertyOrdering',
]);

/** Formats Gemini honours, per type. */
export const GEMINI_FORMATS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['string', new Set(['enum', 'date-time'])],
  ['number', new Set(['float', 'double'])],
  ['integer', new Set(['int32', 'int64'])],
]);

/** How a non-string enum value is written as a Gemini string enum value. */
export function enumValueToString(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Lowers one schema to Gemini's `parameters` subset, bottom-up: null handling via `nullable`
 * (type arrays, `type:"null"`, `anyOf` null branches, `null` in enums), `const` → `enum`,
 * non-string enums → string enums with `format:"enum"` and an `@enum` tag holding the original
 * values (decode maps them back), unsupported formats and every field outside the allow-list
 * → description tags, `required` limited to defined properties, every `anyOf` alone on its node
 * (`isolateAnyOf`, `liftAnyOfAnnotations`). Expects refs inlined, `allOf` flattened and `oneOf`
 * rewritten already. Pure.
 */
export function lowerToGeminiSchema(schema: Schema, base: string, ctx: PassContext): Schema {
  const state: GeminiWalkState = { anyOfSeen: false };
  return mapSchemaShared(
    schema,
    (input, at, owned) => visitGeminiNode(input, at, owned, geminiNeedsChange(input), ctx, state),
    base,
  ) as Schema;
}

/** What the bottom-up Gemini walk carries from node to node. */
export interface GeminiWalkState {
  /** Some node visited so far has an `anyOf`. */
  anyOfSeen: boolean;
  /** Some `anyOf` node had constraints folded into its branches (the one rewrite that adds properties). */
  folded?: boolean;
}

/**
 * One node of the bottom-up Gemini walk, its children already lowered: the per-node lowering
 * when `needsChange`, then the `anyOf` rules. Shared by `lowerToGeminiSchema` and the single-pass
 * emitter, so both record the same losses in the same order.
 */
export function visitGeminiNode(
  input: Schema,
  at: PointerOf,
  owned: boolean,
  needsChange: boolean,
  ctx: PassContext,
  state: GeminiWalkState,
): Schema {
  let node = needsChange ? lowerGeminiNode(owned ? input : { ...input }, at, ctx) : input;
  let mine = node !== input || owned;
  // Children come first: once no anyOf has been seen, no child can carry an annotated one.
  if (Array.isArray(node.anyOf)) state.anyOfSeen = true;
  // Lift the children's annotations before folding this node's properties into its branches,
  // while they are still this node's children.
  if (state.anyOfSeen && hasAnnotatedAnyOfChild(node)) {
    if (!mine) node = { ...node };
    mine = true;
    liftAnyOfAnnotations(node, at, ctx);
  }
  if (Array.isArray(node.anyOf) && foldableKeys(node).length > 0) {
    if (!mine) node = { ...node };
    isolateAnyOf(node, at, ctx);
    state.folded = true;
  }
  return node;
}

/** The per-node lowering of `lowerToGeminiSchema` (on an owned copy). */
function lowerGeminiNode(input: Schema, at: PointerOf, ctx: PassContext): Schema {
  let node: Schema = input;
  if ('const' in node) {
    if (node.enum === undefined) node.enum = [node.const];
    delete node.const;
    note(
      ctx,
      joinPointer(at(), 'const'),
      'const',
      'rewritten',
      'const → single-value enum (Gemini: Unknown name "const")',
    );
  }
  node = lowerNulls(node, at, ctx);
  lowerEnum(node, at, ctx);
  const types = typeList(node);
  if (typeof node.format === 'string') {
    const allowed = types.length === 1 ? GEMINI_FORMATS.get(types[0]!) : undefined;
    if (!allowed?.has(node.format)) {
      moveKeywordsToDescription(node, ['format'], at(), ctx, 'Gemini does not support this format');
    }
  }
  if (Array.isArray(node.required) && isPlainObject(node.properties)) {
    const props = node.properties;
    const kept = keepItems(
      node.required as unknown[],
      (r) => typeof r === 'string' && Object.hasOwn(props, r),
    );
    if (kept.length !== node.required.length) {
      note(
        ctx,
        joinPointer(at(), 'required'),
        'required',
        'dropped',
        'required names without a property dropped (Gemini: "property is not defined")',
      );
      node.required = kept;
    }
  }
  const extra = Object.keys(node).filter((k) => !GEMINI_ALLOWED_FIELDS.has(k));
  if (extra.length > 0) moveKeywordsToDescription(node, extra, at(), ctx, UNKNOWN_FIELD_DETAIL);
  return node;
}

export const UNKNOWN_FIELD_DETAIL = 'Gemini: "Unknown name … Cannot find field"';
export const NULLABLE_DETAIL = 'null expressed as nullable: true (Gemini has no type "null")';

function lowerNulls(node: Schema, at: () => string, ctx: PassContext): Schema {
  let nullable = false;
  if (Array.isArray(node.type)) {
    const types = keepItems(node.type as unknown[], (t) => t !== 'null');
    nullable = types.length !== node.type.length;
    if (types.length === 1) node.type = types[0];
    else if (types.length === 0) delete node.type;
    else {
      delete node.type;
      node.anyOf = types.map((t) => ({ type: t }));
      note(
        ctx,
        joinPointer(at(), 'type'),
        'type',
        'rewritten',
        'type array → anyOf (Gemini: "Proto field is not repeating, cannot start list")',
      );
    }
  } else if (node.type === 'null') {
    delete node.type;
    nullable = true;
  }
  if (Array.isArray(node.enum) && node.enum.includes(null)) {
    node.enum = keepItems(node.enum as unknown[], (v) => v !== null);
    nullable = true;
  }
  let out = node;
  if (Array.isArray(node.anyOf)) {
    const branches = keepItems(node.anyOf as unknown[], (b) => !isNullOnly(b));
    if (branches.length !== node.anyOf.length) nullable = true;
    if (branches.length === 1 && isPlainObject(branches[0])) {
      out = mergeOverBranch(branches[0], node);
    } else if (branches.length === 0) {
      delete node.anyOf;
    } else node.anyOf = branches;
  }
  if (nullable) {
    out.nullable = true;
    note(ctx, at(), 'type', 'rewritten', NULLABLE_DETAIL);
  }
  return out;
}

function lowerEnum(node: Schema, at: () => string, ctx: PassContext): void {
  const values = node.enum;
  if (!Array.isArray(values)) return;
  if (everyItem(values as unknown[], (v) => typeof v === 'string')) {
    if (node.type === undefined) {
      node.type = 'string';
      note(ctx, joinPointer(at(), 'type'), 'type', 'added', 'type "string" added next to a string enum');
    }
    return;
  }
  const strings = values.map(enumValueToString);
  if (new Set(strings).size !== strings.length) {
    note(ctx, joinPointer(at(), 'enum'), 'enum', 'rewritten', 'enum values collide once written as strings');
  }
  const lines = [formatTag('enum', values)];
  if (node.type !== undefined) lines.push(formatTag('type', node.type));
  if (node.format !== undefined) lines.push(formatTag('format', node.format));
  node.enum = strings;
  node.type = 'string';
  node.format = 'enum';
  node.description = appendTagLines(
    node.description,
    lines.filter((l): l is string => l !== undefined),
  );
  ctx.argsChanged = true;
  note(
    ctx,
    joinPointer(at(), 'enum'),
    'enum',
    'rewritten',
    'non-string enum → string enum with format "enum" (Gemini: "Invalid value at \'…enum[1]\' (TYPE_STRING)"); decode maps values back',
  );
}

/**
 * `{...branch, ...rest}` for `rest` = `node` without `anyOf` (the node's keywords win, in the
 * branch's key order first), written as stores: object rest/spread with an excluded key is a slow
 * runtime call, and this runs for every optional field of pydantic schemas. `__proto__` (which a
 * store would not define as an own key) keeps the spread form.
 */
export function mergeOverBranch(branch: Schema, node: Schema): Schema {
  if (Object.hasOwn(node, '__proto__')) {
    const { anyOf: _drop, ...rest } = node;
    return { ...branch, ...rest };
  }
  const out: Schema = { ...branch };
  for (const key in node) if (key !== 'anyOf' && Object.hasOwn(node, key)) out[key] = node[key];
  return out;
}

/** A lowered `{type:"null"}` branch: `nullable` with nothing that admits other values. */
export function isNullOnly(b: unknown): boolean {
  if (!isPlainObject(b) || b.nullable !== true) return false;
  return b.type === undefined && b.enum === undefined && b.anyOf === undefined && b.properties === undefined;
}

/** Whether `lowerToGeminiSchema` would change this node (most nodes pass as they are). */
function geminiNeedsChange(node: Schema): boolean {
  for (const k in node) if (!GEMINI_ALLOWED_FIELDS.has(k) && Object.hasOwn(node, k)) return true;
  return geminiValuesNeedChange(node);
}

/** Keywords `geminiValuesNeedChange` looks at beyond `type`, as bits of its `present` mask. */
export const HAS_ENUM = 1;
export const HAS_ANY_OF = 2;
export const HAS_FORMAT = 4;
export const HAS_REQUIRED = 8;
const HAS_ALL = HAS_ENUM | HAS_ANY_OF | HAS_FORMAT | HAS_REQUIRED;

/**
 * `geminiNeedsChange` for a node whose keys are all allowed (the emitter checks keys as it walks).
 * `present` says which of `enum`, `anyOf`, `format`, `required` the node may have: the emitter
 * saw its keys and passes only those, and `type` as it read it, so a leaf costs no lookup here
 * (each read here is a lookup on a different object shape per node).
 */
export function geminiValuesNeedChange(node: Schema, present = HAS_ALL, t: unknown = node.type): boolean {
  if (Array.isArray(t) || t === 'null') return true;
  if (present === 0) return false;
  const values = present & HAS_ENUM ? node.enum : undefined;
  if (Array.isArray(values)) {
    if (someItem(values as unknown[], (v) => typeof v !== 'string')) return true;
    if (t === undefined) return true;
  }
  const anyOf = present & HAS_ANY_OF ? node.anyOf : undefined;
  if (Array.isArray(anyOf) && someItem(anyOf as unknown[], isNullOnly)) return true;
  const format = present & HAS_FORMAT ? node.format : undefined;
  if (typeof format === 'string') {
    const allowed = typeof t === 'string' ? GEMINI_FORMATS.get(t) : undefined;
    if (!allowed?.has(format)) return true;
  }
  const required = present & HAS_REQUIRED ? node.required : undefined;
  if (Array.isArray(required)) {
    const props = isPlainObject(node.properties) ? node.properties : {};
    if (someItem(required as unknown[], (r) => typeof r !== 'string' || !Object.hasOwn(props, r)))
      return true;
  }
  return false;
}

/** Gemini's REST form spells types in upper case (`OBJECT`); JSON Schema uses lower case. */
export function lowerCaseTypes(schema: unknown): unknown {
  return mapSchema(schema, (node) => {
    if (typeof node.type === 'string' && /^[A-Z_]+$/.test(node.type)) node.type = node.type.toLowerCase();
    return node;
  });
}
