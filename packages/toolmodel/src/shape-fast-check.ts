/**
 * A one-sided fast path for the tool shape (tool-shape.ts), as meta-fast-check.ts is for schemas:
 * it returns the parsed shape when the input is certainly valid and `undefined` when unsure; the
 * caller then runs the zod shape, which has the last word and writes the error messages. Why: zod's
 * strict object runs all ~37 declared fields through its parse machinery on every call, while a
 * typical tool sets 4–8 of them, mostly strings and schemas.
 * Covers the common fields; `cost`, `createdAt`/`updatedAt` and unknown fields always go to zod.
 * Like zod, it returns a fresh object (lists and small objects copied), so later reads of the
 * caller's object cannot differ from what was checked. Expects input that passed `inspectJson`.
 * shape-fast-check.test.ts checks it never accepts what zod rejects, and returns what zod returns.
 */
import { explainInvalidName, explainInvalidNamespace, explainInvalidVersion } from './names.js';
import { isPlainObject } from './safe-json.js';
import {
  DEPRECATION_MESSAGE_MAX,
  EXAMPLE_MAX,
  IDENTIFIER_PATTERN,
  isSchemaObject,
  LIST_MAX,
  SHORT_TEXT_MAX,
  SOURCE_URI_MAX,
  type ToolShape,
} from './tool-shape.js';

/** Marks a value the fast path is unsure about. */
const UNSURE = Symbol('unsure');

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;

const isShortText = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= SHORT_TEXT_MAX;

const isIdentifier = (value: unknown): value is string =>
  typeof value === 'string' && IDENTIFIER_PATTERN.test(value);

/** A copy of a string list whose items all pass `item`, or UNSURE. */
function list(value: unknown, item: (v: unknown) => boolean): string[] | typeof UNSURE {
  if (!Array.isArray(value) || value.length > LIST_MAX) return UNSURE;
  for (let i = 0; i < value.length; i++) if (!item(value[i])) return UNSURE;
  return value.slice() as string[];
}

const ANNOTATION_HINTS = new Set(['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);

function annotations(value: unknown): Record<string, unknown> | typeof UNSURE {
  if (!isPlainObject(value)) return UNSURE;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (key === 'title') {
      if (v !== undefined && v !== null && !isShortText(v)) return UNSURE;
    } else if (!ANNOTATION_HINTS.has(key) || (v !== undefined && v !== null && typeof v !== 'boolean')) {
      return UNSURE;
    }
    out[key] = v;
  }
  return out;
}

const DEPENDENCY_KINDS = new Set(['requires', 'suggests', 'conflicts']);

function dependencies(value: unknown): Record<string, unknown> | typeof UNSURE {
  if (!isPlainObject(value)) return UNSURE;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (!DEPENDENCY_KINDS.has(key)) return UNSURE;
    const v = value[key];
    if (v === undefined) continue;
    const copy = list(v, isShortText);
    if (copy === UNSURE) return UNSURE;
    out[key] = copy;
  }
  return out;
}

type FieldCheck = (value: unknown, maxText: number) => unknown;

const checkedBy =
  (ok: (value: unknown, maxText: number) => boolean): FieldCheck =>
  (value, maxText) =>
    ok(value, maxText) ? value : UNSURE;

const explained = (explain: (value: string) => string | undefined) =>
  checkedBy((v) => typeof v === 'string' && explain(v) === undefined);

const description = checkedBy(isText);
const shortText = checkedBy(isShortText);
const string = checkedBy((v) => typeof v === 'string');
const boolean = checkedBy((v) => typeof v === 'boolean');
// Schemas are not copied (the draft normalisation copies them right after), nor are sourceMeta and
// meta (buildTool deep-copies them).
const record = checkedBy(isSchemaObject);

/**
 * The fields the fast path checks, each returning the checked value (copied where zod would copy)
 * or UNSURE. Not here, so always left to zod: cost, createdAt, updatedAt and unknown fields.
 */
const FIELDS = new Map<string, FieldCheck>([
  ['name', explained(explainInvalidName)],
  ['namespace', explained(explainInvalidNamespace)],
  ['version', explained(explainInvalidVersion)],
  ['title', shortText],
  ['description', description],
  ['longDescription', description],
  ['examples', (v) => list(v, (item) => isText(item, EXAMPLE_MAX))],
  ['tags', (v) => list(v, isShortText)],
  ['category', shortText],
  ['usageHints', description],
  ['inputSchema', checkedBy((v) => typeof v === 'boolean' || isSchemaObject(v))],
  ['outputSchema', checkedBy((v) => typeof v === 'boolean' || isSchemaObject(v))],
  ['source', checkedBy(isIdentifier)],
  ['sourceUri', checkedBy((v) => isText(v, SOURCE_URI_MAX))],
  ['sourceMeta', record],
  ['capabilities', (v) => list(v, isIdentifier)],
  ['annotations', annotations],
  ['requiresConfirmation', boolean],
  ['requiredScopes', (v) => list(v, isShortText)],
  ['exclusive', boolean],
  ['takesControl', boolean],
  ['dependencies', dependencies],
  ['deprecated', boolean],
  ['deprecationMessage', checkedBy((v) => isText(v, DEPRECATION_MESSAGE_MAX))],
  ['supersededBy', shortText],
  ['meta', record],
  ['id', string],
  ['contentHash', string],
]);

/** The tool shape when `input` is certainly valid (see the file comment), else `undefined`. */
export function certainlyValidShape(
  input: Record<string, unknown>,
  maxDescriptionLength: number,
): ToolShape | undefined {
  const out: Record<string, unknown> = {};
  // Own keys, read without an array of them: this runs on every definition parsed.
  for (const key in input) {
    if (!Object.hasOwn(input, key)) continue;
    const check = FIELDS.get(key);
    if (check === undefined) return undefined;
    const value = input[key];
    // Every field but name is optional, and zod reads an undefined value as absent.
    if (value === undefined) continue;
    const checked = check(value, maxDescriptionLength);
    if (checked === UNSURE) return undefined;
    out[key] = checked;
  }
  return out.name === undefined ? undefined : (out as ToolShape);
}
