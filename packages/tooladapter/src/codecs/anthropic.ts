import { isPlainObject, type Tool } from '@toolarsenal/toolmodel';
import { checkAnthropicInputSchema } from '../check/anthropic.js';
import { checkSchemaValidity } from '../check/schema-validity.js';
import { checkFieldsAndName, requireObject, type ToolFieldRules } from '../check/tool-shape.js';
import { ViolationList } from '../check/violation.js';
import { ConversionError } from '../errors.js';
import { ANTHROPIC_NAME_RULE } from '../names/name-rules.js';
import type {
  CheckOptions,
  ConvertOptions,
  DialectCodec,
  DialectLimits,
  Loss,
  ToCanonicalOptions,
} from '../types.js';
import { decodeFlatTool, expectObject, fieldLosses, lowerInput, mergeLimits, renameLoss } from './shared.js';

export const ANTHROPIC_LIMITS: DialectLimits = {
  maxNestingDepth: 100,
  maxProperties: 5_000,
  maxEnumValues: 1_000,
  maxNameLength: 128,
  maxRecursionUnfold: 3,
};

const NO_FIELDS: ReadonlySet<string> = new Set();
const FIELDS: ReadonlySet<string> = new Set([
  'type',
  'name',
  'description',
  'input_schema',
  'strict',
  'cache_control',
  'defer_loading',
  'input_examples',
]);

const FIELD_RULES: ToolFieldRules = {
  rule: 'anthropic',
  fields: FIELDS,
  nameRule: ANTHROPIC_NAME_RULE,
  unknownField: (key) => `tools.0.custom.${key}: Extra inputs are not permitted`,
  badName: (max) => `tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,${max}}$'`,
};

/** Anthropic Messages API custom tool: `{name, description, input_schema, strict?}`. */
export const anthropicCodec: DialectCodec = {
  dialect: 'anthropic',
  limits: ANTHROPIC_LIMITS,
  namePattern: ANTHROPIC_NAME_RULE.pattern,
  encode(tool: Tool, targetName: string, options: ConvertOptions) {
    const strict = options.strict ?? false;
    const limits = mergeLimits(ANTHROPIC_LIMITS, options);
    const label = strict ? 'Anthropic strict' : 'Anthropic';
    const lowered = lowerInput(
      tool,
      strict ? 'anthropic-strict' : 'anthropic',
      label,
      limits,
      options.recursion,
    );
    const value: Record<string, unknown> = { name: targetName };
    if (tool.description !== '') value.description = tool.description;
    value.input_schema = lowered.schema;
    if (strict) value.strict = true;
    const losses: Loss[] = [
      ...renameLoss(tool, targetName, 'Anthropic'),
      ...fieldLosses(tool, 'Anthropic', NO_FIELDS),
      ...lowered.losses,
    ];
    return { value, losses, decode: lowered.decode, encodeArgs: lowered.encodeArgs };
  },
  decode(raw: unknown, options: ToCanonicalOptions) {
    const obj = expectObject(raw, '', 'an Anthropic tool');
    if (typeof obj.type === 'string' && obj.type !== 'custom')
      throw new ConversionError(
        'invalid-input',
        '/type',
        `Anthropic server tool "${obj.type}" has no input schema to convert`,
      );
    return decodeFlatTool(
      obj,
      { schemaField: 'input_schema', fields: FIELDS, dialect: 'Anthropic', source: 'function' },
      options,
    );
  },
  check(value: unknown, options: CheckOptions) {
    const out = new ViolationList();
    if (!requireObject(value, '', out, 'anthropic.tool.object', 'an Anthropic tool')) return out.items;
    const limits = mergeLimits(ANTHROPIC_LIMITS, options);
    checkFieldsAndName(value, FIELD_RULES, limits.maxNameLength, out);
    if (value.description !== undefined && typeof value.description !== 'string')
      out.add(
        '/description',
        'anthropic.description',
        'tools.0.custom.description: Input should be a valid string',
      );
    const strict = value.strict === undefined ? (options.strict ?? false) : value.strict === true;
    const schema = value.input_schema;
    const valid =
      !isPlainObject(schema) ||
      checkSchemaValidity(
        schema,
        '/input_schema',
        out,
        (m) =>
          `tools.0.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 (${m})`,
      );
    if (valid) checkAnthropicInputSchema(schema, '/input_schema', strict, limits, out);
    return out.items;
  },
};
