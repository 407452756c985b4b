import {
  assertSafeJson,
  isPlainObject,
  type JsonValue,
  suggestName,
  TOOL_NAME_PATTERN,
  type ToolInput,
} from '@toolarsenal/toolmodel';
import { ConversionError } from '../errors.js';
import type { CheckOptions, DialectCodec, DialectLimits, Loss, Violation } from '../types.js';
import { normalizeLegacySchema } from './legacy-schema.js';
import { checkSchemaValidity } from '../check/schema-validity.js';
import { ViolationList } from '../check/violation.js';

/** Legacy dumps have no provider limits; these only bound what the importer accepts. */
const LEGACY_LIMITS: DialectLimits = {
  maxNestingDepth: 100,
  maxProperties: 5_000,
  maxEnumValues: 100_000,
  maxNameLength: 128,
  maxRecursionUnfold: 0,
};

const ALIASES = ['inputSchema', 'input_schema'] as const;
const KNOWN_KEYS = new Set(['name', 'description', 'parameters', ...ALIASES]);

/** BFCL records wrap the definition as `{source, entry_id, function: {...}}`: accept both. */
function unwrap(raw: unknown): unknown {
  if (isPlainObject(raw) && raw.name === undefined && isPlainObject(raw.function)) return raw.function;
  return raw;
}

function fail(pointer: string, code: string, message: string): never {
  throw new ConversionError(
    'invalid-input',
    pointer,
    `Invalid legacy function definition (${code}): ${message}`,
  );
}

/**
 * Reads a legacy function definition (`{name, description, parameters: {type: "dict", …}}`, BFCL
 * style) into a canonical tool input. Types are normalised to JSON Schema 2020-12; each rewrite
 * is a loss entry so nothing changes silently.
 */
export function decodeLegacyFunction(raw: unknown): { input: ToolInput; losses: Loss[] } {
  assertSafeJson(raw, { maxDepth: 128 }, 'Unsafe legacy function definition');
  const fn = unwrap(raw);
  if (!isPlainObject(fn)) fail('', 'invalid_type', 'a legacy function definition must be an object');
  if (typeof fn.name !== 'string' || fn.name.trim() === '')
    fail('/name', 'invalid_name', 'a legacy function definition needs a non-empty string "name"');
  if (fn.description !== undefined && typeof fn.description !== 'string')
    fail('/description', 'invalid_type', '"description" must be a string');
  // Some dumps name the schema like MCP or Anthropic; read it rather than drop it.
  const schemaKey = fn.parameters === undefined ? ALIASES.find((k) => fn[k] !== undefined) : undefined;
  const params = (schemaKey ? fn[schemaKey] : fn.parameters) ?? { type: 'object', properties: {} };
  if (!isPlainObject(params))
    fail('/parameters', 'invalid_schema', '"parameters" must be an object schema (type "dict"/"object")');

  const losses: Loss[] = [];
  const { schema, losses: schemaLosses } = normalizeLegacySchema(params, '/inputSchema');
  losses.push(...schemaLosses);
  if (schema.type === undefined) {
    schema.type = 'object';
    losses.push({
      pointer: '/inputSchema/type',
      keyword: 'type',
      action: 'added',
      detail: 'root type "object" added (tool input is always an object)',
    });
  } else if (schema.type !== 'object') {
    fail(
      '/parameters/type',
      'invalid_schema',
      `"parameters" must describe an object, not ${JSON.stringify(schema.type)}`,
    );
  }

  const original = fn.name.trim();
  let name = original;
  if (!TOOL_NAME_PATTERN.test(name)) {
    name = suggestName(original);
    losses.push({
      pointer: '/name',
      keyword: 'name',
      action: 'renamed',
      detail: `name "${original}" → "${name}" (letters, digits, "_", "." and "-" only, at most 128)`,
    });
  }
  for (const key of Object.keys(fn)) {
    if (!KNOWN_KEYS.has(key))
      losses.push({
        pointer: `/${key}`,
        keyword: key,
        action: 'dropped',
        detail: `unknown field "${key}" ignored`,
      });
  }

  const input: ToolInput = {
    name,
    description: typeof fn.description === 'string' ? fn.description : '',
    inputSchema: schema,
    source: 'legacy',
  };
  if (name !== original) input.sourceMeta = { legacy: { name: original } as Record<string, JsonValue> };
  return { input, losses };
}

/** What a legacy definition must have to be importable (there is no provider to reject more). */
export function checkLegacyFunction(value: unknown, _options: CheckOptions = {}): Violation[] {
  const fn = unwrap(value);
  const out: Violation[] = [];
  if (!isPlainObject(fn))
    return [
      {
        pointer: '',
        rule: 'legacy.function.object',
        message: 'a legacy function definition must be an object',
      },
    ];
  if (typeof fn.name !== 'string' || fn.name.trim() === '')
    out.push({
      pointer: '/name',
      rule: 'legacy.function.name',
      message: 'a non-empty string "name" is required',
    });
  if (fn.description !== undefined && typeof fn.description !== 'string')
    out.push({
      pointer: '/description',
      rule: 'legacy.function.description',
      message: '"description" must be a string',
    });
  if (fn.parameters !== undefined && !isPlainObject(fn.parameters))
    out.push({
      pointer: '/parameters',
      rule: 'legacy.function.parameters',
      message: '"parameters" must be an object schema',
    });
  if (isPlainObject(fn.parameters)) {
    // Valid JSON Schema once the legacy type names are read as importing reads them.
    const list = new ViolationList();
    checkSchemaValidity(normalizeLegacySchema(fn.parameters, '/parameters').schema, '/parameters', list);
    out.push(...list.items);
  }
  return out;
}

/** Import-only codec for legacy function dumps (BFCL `dict`/`float`/`any`/`optional`). */
export const legacyFunctionCodec: DialectCodec = {
  dialect: 'legacy-function',
  limits: LEGACY_LIMITS,
  namePattern: TOOL_NAME_PATTERN,
  decode: decodeLegacyFunction,
  check: checkLegacyFunction,
};
