import { isPlainObject, type JsonSchemaObject, joinPointer, mapSubschemas } from '@toolarsenal/toolmodel';
import type { Loss } from '../types.js';

/**
 * Legacy "function" dumps (BFCL, early function-calling datasets) name types after Python and Java.
 * Each maps to a JSON Schema type; `undefined` means "any value" (the `type` keyword is dropped).
 */
const LEGACY_TYPES: Readonly<Record<string, string | undefined>> = {
  dict: 'object',
  object: 'object',
  map: 'object',
  hashmap: 'object',
  dictionary: 'object',
  float: 'number',
  double: 'number',
  number: 'number',
  decimal: 'number',
  int: 'integer',
  integer: 'integer',
  long: 'integer',
  short: 'integer',
  byte: 'integer',
  str: 'string',
  string: 'string',
  char: 'string',
  character: 'string',
  bool: 'boolean',
  boolean: 'boolean',
  list: 'array',
  array: 'array',
  arraylist: 'array',
  tuple: 'array',
  set: 'array',
  null: 'null',
  none: 'null',
  nonetype: 'null',
  any: undefined,
  '': undefined,
};

export interface LegacyNormalizeResult {
  schema: JsonSchemaObject;
  losses: Loss[];
}

/**
 * Normalises a legacy parameter schema to JSON Schema 2020-12: legacy type names → standard types,
 * the non-standard `optional` key and per-property boolean `required` → the parent's `required`
 * array, `required` entries naming no property kept (they are valid JSON Schema). Every rewrite is
 * reported. Pure; recursion bounded by `maxDepth` (deeper input is rejected by the caller's guard).
 */
export function normalizeLegacySchema(
  schema: unknown,
  basePointer: string,
  maxDepth = 100,
): LegacyNormalizeResult {
  const losses: Loss[] = [];
  const note = (pointer: string, keyword: string, action: Loss['action'], detail: string) =>
    losses.push({ pointer, keyword, action, detail });

  const go = (node: unknown, pointer: string, depth: number, isProperty: boolean): unknown => {
    if (!isPlainObject(node) || depth > maxDepth) return node;
    const out: JsonSchemaObject = { ...node };
    // Flags on properties are lifted by the parent (top-down), so read them before recursing.
    if (isProperty) {
      delete out.optional;
      if (typeof out.required === 'boolean') delete out.required;
    }
    liftPropertyFlags(out, pointer, note);
    const mapped = mapSubschemas(out, pointer, (child, childPointer, keyword) =>
      go(child, childPointer, depth + 1, keyword === 'properties'),
    );
    normalizeType(mapped, pointer, note);
    return mapped;
  };

  const result = go(schema, basePointer, 0, false);
  return { schema: isPlainObject(result) ? result : { type: 'object', properties: {} }, losses };
}

type Note = (pointer: string, keyword: string, action: Loss['action'], detail: string) => void;

function mapTypeName(name: string): { known: boolean; type: string | undefined } {
  const key = name.trim().toLowerCase();
  if (Object.hasOwn(LEGACY_TYPES, key)) return { known: true, type: LEGACY_TYPES[key] };
  return { known: false, type: undefined };
}

function normalizeType(node: JsonSchemaObject, pointer: string, note: Note): void {
  if (!('type' in node)) return;
  const at = joinPointer(pointer, 'type');
  const raw = node.type;
  const names = Array.isArray(raw) ? raw : [raw];
  const mapped: string[] = [];
  let anyValue = false;
  for (const name of names) {
    if (typeof name !== 'string') {
      anyValue = true;
      note(at, 'type', 'dropped', `non-string type ${JSON.stringify(name)} removed (any value accepted)`);
      continue;
    }
    const { known, type } = mapTypeName(name);
    if (type === undefined) {
      anyValue = true;
      note(
        at,
        'type',
        'dropped',
        known
          ? `legacy type "${name}" means any value: type removed`
          : `unknown legacy type "${name}" removed (any value accepted)`,
      );
      continue;
    }
    if (type !== name) note(at, 'type', 'rewritten', `legacy type "${name}" → "${type}"`);
    if (name.trim().toLowerCase() === 'tuple' && !('prefixItems' in node) && !Array.isArray(node.items))
      note(at, 'type', 'rewritten', 'tuple without item types → array (order and length not enforced)');
    if (!mapped.includes(type)) mapped.push(type);
  }
  if (anyValue || mapped.length === 0) delete node.type;
  else node.type = mapped.length === 1 ? mapped[0] : mapped;
}

/**
 * `optional: true|false` and Java-style `required: true|false` on a property become the parent's
 * `required` array (the property's own copy is removed when the child is normalised).
 */
function liftPropertyFlags(node: JsonSchemaObject, pointer: string, note: Note): void {
  if ('optional' in node) {
    delete node.optional;
    note(joinPointer(pointer, 'optional'), 'optional', 'dropped', 'non-standard "optional" key removed');
  }
  if (typeof node.required === 'boolean') {
    note(
      joinPointer(pointer, 'required'),
      'required',
      'dropped',
      'boolean "required" outside a property list removed',
    );
    delete node.required;
  }
  const props = node.properties;
  if (!isPlainObject(props)) return;
  const listed = Array.isArray(node.required) ? node.required : [];
  if (node.required !== undefined && !Array.isArray(node.required)) {
    note(joinPointer(pointer, 'required'), 'required', 'dropped', 'non-array "required" removed');
    delete node.required;
  }
  const required = new Set(listed.filter((r): r is string => typeof r === 'string'));
  if (required.size !== listed.length)
    note(
      joinPointer(pointer, 'required'),
      'required',
      'dropped',
      'non-string or duplicate "required" entries removed',
    );
  for (const [name, child] of Object.entries(props)) {
    if (!isPlainObject(child)) continue;
    const at = joinPointer(pointer, 'properties', name);
    if ('optional' in child) {
      const optional = child.optional;
      if (optional === true && required.delete(name))
        note(
          joinPointer(at, 'optional'),
          'optional',
          'rewritten',
          `"optional": true → "${name}" not required`,
        );
      else if (optional === false && !required.has(name)) {
        required.add(name);
        note(joinPointer(at, 'optional'), 'optional', 'rewritten', `"optional": false → "${name}" required`);
      } else note(joinPointer(at, 'optional'), 'optional', 'dropped', 'non-standard "optional" key removed');
    }
    if (typeof child.required === 'boolean') {
      const flag = child.required;
      if (flag) required.add(name);
      else required.delete(name);
      note(
        joinPointer(at, 'required'),
        'required',
        'rewritten',
        `boolean "required": ${flag} → parent "required" ${flag ? 'lists' : 'omits'} "${name}"`,
      );
    }
  }
  if (node.required !== undefined || required.size > 0) node.required = [...required];
}
