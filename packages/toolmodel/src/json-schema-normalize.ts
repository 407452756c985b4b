import { InvalidArgumentError } from './errors.js';
import { joinPointer } from './json-pointer.js';
import { isPlainObject } from './safe-json.js';
import type { SchemaChange } from './schema-change.js';
import { createSchemaCopier } from './schema-copy.js';
import type { JsonSchemaObject } from './schema-walk.js';

export type SchemaDraft = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12' | 'unknown';

const DRAFT_URIS: ReadonlyArray<[RegExp, SchemaDraft]> = [
  [/json-schema\.org\/draft-04\/schema/, 'draft-04'],
  [/json-schema\.org\/draft-06\/schema/, 'draft-06'],
  [/json-schema\.org\/draft-07\/schema/, 'draft-07'],
  [/json-schema\.org\/draft\/2019-09\/schema/, '2019-09'],
  [/json-schema\.org\/draft\/2020-12\/schema/, '2020-12'],
];

/** The draft a `$schema` URI names; `undefined` when there is none. */
export function detectDraft(schema: unknown): SchemaDraft | undefined {
  if (!isPlainObject(schema) || typeof schema.$schema !== 'string') return undefined;
  const uri = schema.$schema;
  return DRAFT_URIS.find(([re]) => re.test(uri))?.[1] ?? 'unknown';
}

// Hoisted: the callback runs once per subschema, so no per-node array allocation.
const EXCLUSIVE_BOUNDS = [
  ['minimum', 'exclusiveMinimum'],
  ['maximum', 'exclusiveMaximum'],
] as const;

// Nodes without any of these keywords need no rewrite (and hold no $ref): the walk skips the rules there.
const copySchema = createSchemaCopier<NormalizeState>([
  '$schema',
  'id',
  'definitions',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'items',
  'additionalItems',
  'dependencies',
  '$ref',
  'pattern',
  'patternProperties',
]);

export interface NormalizedSchema {
  schema: unknown;
  /** Every rewrite made, so normalisation is never silent. Empty when the input was already canonical. */
  changes: SchemaChange[];
  /** True when some subschema of the result has a local (`#/…`) `$ref`; lets the ref check skip its walk. */
  hasLocalRef: boolean;
  /** True when some subschema has `pattern` or `patternProperties`; lets the regex check skip its walk. */
  hasPattern: boolean;
  /**
   * True when the result certainly passes `checkJsonSchema`'s meta-schema check (its fast path's
   * rules held for every node); `false` means "not sure". Pass it on as `checkJsonSchema`'s `certain`.
   */
  certain: boolean;
}

/**
 * Brings a schema written for an older JSON Schema draft to 2020-12, the canonical form:
 * `$schema` removed, `definitions` → `$defs` (refs rewritten), draft-04 boolean
 * `exclusiveMinimum/Maximum` → numbers, tuple `items` → `prefixItems` (`additionalItems` → `items`),
 * draft-04 `id` → `$id`, `dependencies` → `dependentRequired`/`dependentSchemas`.
 * Constructs that are unambiguous (tuple arrays, boolean exclusives) are rewritten whatever the
 * declared draft; `id` only when the schema says draft-04. Pure; reports each change.
 * `options.freeze` freezes every object of the result below its root (parseTool freezes the rest).
 */
export function normalizeSchemaDraft(
  schema: unknown,
  basePointer = '',
  options: { freeze?: boolean } = {},
): NormalizedSchema {
  if (options === null || typeof options !== 'object')
    throw new InvalidArgumentError('options', 'an object ({freeze})', options);
  const changes: SchemaChange[] = [];
  if (!isPlainObject(schema))
    return { schema, changes, hasLocalRef: false, hasPattern: false, certain: typeof schema === 'boolean' };
  const state: NormalizeState = {
    draft: detectDraft(schema),
    changes,
    hasLocalRef: false,
    hasPattern: false,
    certain: false,
  };
  const out = copySchema(schema, fixNode, state, basePointer, options.freeze);
  return {
    schema: out,
    changes,
    hasLocalRef: state.hasLocalRef,
    hasPattern: state.hasPattern,
    certain: state.certain,
  };
}

/** What one normalisation carries from node to node. */
interface NormalizeState {
  readonly draft: SchemaDraft | undefined;
  readonly changes: SchemaChange[];
  hasLocalRef: boolean;
  hasPattern: boolean;
  certain: boolean;
}

function note(
  s: NormalizeState,
  pointer: string,
  keyword: string,
  action: SchemaChange['action'],
  detail: string,
): void {
  s.changes.push({ pointer, keyword, action, detail });
}

function fromDraft(draft: SchemaDraft | undefined): string {
  return draft && draft !== '2020-12' ? `${draft} → 2020-12` : 'redundant in the canonical 2020-12 form';
}

/** The rewrites of one copied node (see `normalizeSchemaDraft`); runs only where a watched keyword is. */
function fixNode(node: JsonSchemaObject, pointerOf: () => string, s: NormalizeState): void {
  const n: JsonSchemaObject = node;
  if ('$schema' in n) {
    note(
      s,
      joinPointer(pointerOf(), '$schema'),
      '$schema',
      'dropped',
      `$schema ${String(n.$schema)} removed (${fromDraft(s.draft)})`,
    );
    delete n.$schema;
  }
  if (s.draft === 'draft-04' && typeof n.id === 'string' && n.$id === undefined) {
    n.$id = n.id;
    delete n.id;
    note(s, joinPointer(pointerOf(), 'id'), 'id', 'renamed', 'draft-04 "id" renamed to "$id"');
  }
  if (isPlainObject(n.definitions)) {
    const defs = isPlainObject(n.$defs) ? { ...n.$defs } : {};
    for (const [k, v] of Object.entries(n.definitions)) {
      if (k in defs)
        note(
          s,
          joinPointer(pointerOf(), 'definitions', k),
          'definitions',
          'dropped',
          `"${k}" also in $defs; $defs kept`,
        );
      else defs[k] = v;
    }
    n.$defs = defs;
    delete n.definitions;
    note(
      s,
      joinPointer(pointerOf(), 'definitions'),
      'definitions',
      'renamed',
      '"definitions" renamed to "$defs" (refs rewritten)',
    );
  }
  for (const [bound, exclusive] of EXCLUSIVE_BOUNDS) {
    if (typeof n[exclusive] === 'boolean') {
      if (n[exclusive] === true && typeof n[bound] === 'number') {
        n[exclusive] = n[bound];
        delete n[bound];
        note(
          s,
          joinPointer(pointerOf(), exclusive),
          exclusive,
          'rewritten',
          `draft-04 boolean ${exclusive} → numeric ${exclusive}`,
        );
      } else {
        delete n[exclusive];
        note(
          s,
          joinPointer(pointerOf(), exclusive),
          exclusive,
          'dropped',
          `draft-04 boolean ${exclusive} without effect removed`,
        );
      }
    }
  }
  if (Array.isArray(n.items)) {
    const additional = n.additionalItems;
    n.prefixItems = n.items;
    delete n.items;
    if (additional !== undefined) {
      n.items = additional;
      delete n.additionalItems;
    }
    note(
      s,
      joinPointer(pointerOf(), 'items'),
      'items',
      'rewritten',
      'tuple "items" array → "prefixItems" (additionalItems → items)',
    );
  } else if ('additionalItems' in n && n.prefixItems === undefined) {
    // Without a tuple, additionalItems has no effect in any draft.
    delete n.additionalItems;
    note(
      s,
      joinPointer(pointerOf(), 'additionalItems'),
      'additionalItems',
      'dropped',
      'additionalItems without tuple items has no effect',
    );
  }
  if (isPlainObject(n.dependencies)) {
    const required: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(n.dependencies)) (Array.isArray(v) ? required : schemas)[k] = v;
    if (Object.keys(required).length)
      n.dependentRequired = { ...(n.dependentRequired as object), ...required };
    if (Object.keys(schemas).length) n.dependentSchemas = { ...(n.dependentSchemas as object), ...schemas };
    delete n.dependencies;
    note(
      s,
      joinPointer(pointerOf(), 'dependencies'),
      'dependencies',
      'rewritten',
      '"dependencies" split into dependentRequired/dependentSchemas',
    );
  }
  if (typeof n.$ref === 'string' && n.$ref.startsWith('#/definitions/')) {
    n.$ref = `#/$defs/${n.$ref.slice('#/definitions/'.length)}`;
    note(
      s,
      joinPointer(pointerOf(), '$ref'),
      '$ref',
      'rewritten',
      'ref to #/definitions rewritten to #/$defs',
    );
  }
  // Runs on every object subschema walkSchema visits in the result that holds a $ref or a pattern.
  if (typeof n.$ref === 'string' && (n.$ref === '#' || n.$ref.startsWith('#/'))) s.hasLocalRef = true;
  if (n.pattern !== undefined || n.patternProperties !== undefined) s.hasPattern = true;
}
