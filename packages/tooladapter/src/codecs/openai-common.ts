import { isPlainObject, type Tool, type ToolInput } from '@toolarsenal/toolmodel';
import { checkOpenAIParameters } from '../check/openai.js';
import { checkSchemaValidity } from '../check/schema-validity.js';
import { checkKnownFields, checkName } from '../check/tool-shape.js';
import type { ViolationList } from '../check/violation.js';
import { OPENAI_NAME_RULE } from '../names/name-rules.js';
import type {
  CheckOptions,
  ConvertOptions,
  DialectLimits,
  EncodedTool,
  Loss,
  ToCanonicalOptions,
} from '../types.js';
import {
  applyNameMap,
  checkFields,
  expectName,
  fieldLosses,
  lowerInput,
  mergeLimits,
  optionalString,
  renameLoss,
  restoreInput,
} from './shared.js';

export const OPENAI_LIMITS: DialectLimits = {
  maxNestingDepth: 10,
  maxProperties: 5_000,
  maxEnumValues: 1_000,
  maxNameLength: 64,
  maxRecursionUnfold: 3,
  maxSchemaChars: 120_000,
};

const NO_FIELDS: ReadonlySet<string> = new Set();
const OPENAI_FIELDS: ReadonlySet<string> = new Set(['type', 'name', 'description', 'parameters', 'strict']);
/** Fields of a Chat Completions `function` body. */
export const OPENAI_FUNCTION_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'description',
  'parameters',
  'strict',
]);

/** Shared by both OpenAI codecs: lowers the schema and builds the function body. */
export function encodeOpenAIFunction(
  tool: Tool,
  targetName: string,
  options: ConvertOptions,
  strict: boolean,
  label: string,
): { fn: { name: string; description?: string; parameters: unknown }; rest: Omit<EncodedTool, 'value'> } {
  const limits = mergeLimits(OPENAI_LIMITS, options);
  const lowered = lowerInput(
    tool,
    strict ? 'openai-strict' : 'openai',
    strict ? `${label} strict` : label,
    limits,
    options.recursion,
  );
  const losses: Loss[] = [
    ...renameLoss(tool, targetName, label),
    ...fieldLosses(tool, label, NO_FIELDS),
    ...lowered.losses,
  ];
  const fn: { name: string; description?: string; parameters: unknown } =
    tool.description === ''
      ? { name: targetName, parameters: lowered.schema }
      : { name: targetName, description: tool.description, parameters: lowered.schema };
  return { fn, rest: { losses, decode: lowered.decode, encodeArgs: lowered.encodeArgs } };
}

/** Reads an OpenAI function body (`{name, description, parameters, strict}`) into a tool definition. */
export function decodeOpenAIFunction(
  fn: Record<string, unknown>,
  pointer: string,
  options: ToCanonicalOptions,
): { input: ToolInput; losses: Loss[] } {
  const name = expectName(fn, pointer);
  const losses: Loss[] = [];
  checkFields(fn, OPENAI_FIELDS, 'OpenAI', pointer, losses);
  const input: ToolInput = { name, source: 'function' };
  const description = optionalString(fn, 'description', pointer);
  if (description !== undefined) input.description = description;
  const parameters = fn.parameters ?? { type: 'object', properties: {} };
  input.inputSchema = restoreInput(
    parameters,
    '/inputSchema',
    options,
    losses,
    false,
  ) as ToolInput['inputSchema'];
  applyNameMap(input, name, options, losses);
  return { input, losses };
}

/**
 * Checks an OpenAI function body at `base` (`fields`: what the body may hold; `fieldPath`: how
 * OpenAI names the body in errors, e.g. `tools[0].function`).
 */
export function checkOpenAIFunction(
  fn: Record<string, unknown>,
  base: string,
  fieldPath: string,
  fields: ReadonlySet<string>,
  options: CheckOptions,
  strictDefault: boolean,
  out: ViolationList,
): void {
  const limits = mergeLimits(OPENAI_LIMITS, options);
  const namePath = `${fieldPath}.name`;
  checkKnownFields(
    fn,
    fields,
    base,
    out,
    'openai.unknown-field',
    (key) => `Unknown parameter: '${fieldPath}.${key}'.`,
  );
  const strict = fn.strict === undefined ? (options.strict ?? strictDefault) : fn.strict === true;
  checkName(
    fn.name,
    `${base}/name`,
    OPENAI_NAME_RULE,
    limits.maxNameLength,
    out,
    'openai.name',
    `Invalid '${namePath}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]{1,${limits.maxNameLength}}$'.`,
  );
  if (fn.description !== undefined && typeof fn.description !== 'string')
    out.add(`${base}/description`, 'openai.description', 'description must be a string');
  const name = typeof fn.name === 'string' ? fn.name : '';
  const valid =
    !isPlainObject(fn.parameters) ||
    checkSchemaValidity(
      fn.parameters,
      `${base}/parameters`,
      out,
      (m) => `Invalid schema for function '${name}': ${m}`,
    );
  if (valid && (fn.parameters !== undefined || strict))
    checkOpenAIParameters(fn.parameters, `${base}/parameters`, name, strict, limits, out);
  if (fn.strict !== undefined && typeof fn.strict !== 'boolean')
    out.add(`${base}/strict`, 'openai.strict.flag', 'strict must be a boolean');
}

export function isOpenAIFunctionTool(raw: unknown): raw is Record<string, unknown> {
  return isPlainObject(raw);
}
