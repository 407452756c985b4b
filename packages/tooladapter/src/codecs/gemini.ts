import { joinPointer, type Tool, type ToolInput } from '@toolarsenal/toolmodel';
import { IDENTITY_ARGS } from '../decode/args-codec.js';
import { GEMINI_NAME_RULE } from '../names/name-rules.js';
import type { ConvertOptions, DialectCodec, Loss, ToCanonicalOptions } from '../types.js';
import {
  checkGeminiDeclaration,
  GEMINI_FIELDS,
  GEMINI_LIMITS,
  geminiDeclarations,
  geminiDocument,
} from './gemini-common.js';
import { lowerCaseTypes } from '../passes/gemini-schema.js';
import { hasOwnKey } from '../passes/schema-utils.js';
import {
  applyNameMap,
  checkFields,
  expectName,
  expectObject,
  fieldLosses,
  lowerInput,
  mergeLimits,
  optionalString,
  renameLoss,
  restoreInput,
} from './shared.js';

const NO_FIELDS: ReadonlySet<string> = new Set();
/** Root combinators can bring properties (they are merged into the root when lowering). */
const PROPERTY_SOURCES = ['allOf', 'anyOf', 'oneOf', '$ref'];

function hasPropertySource(root: Record<string, unknown>): boolean {
  for (let i = 0; i < PROPERTY_SOURCES.length; i++) if (root[PROPERTY_SOURCES[i]!] !== undefined) return true;
  return false;
}

/**
 * `hasProperties` of the lowered root. The for-in behind `hasOwnKey` sets up over every key of a
 * large frozen map, so `properties` that came through lowering unchanged are not asked again.
 */
function loweredHasProperties(
  lowered: Record<string, unknown>,
  input: Record<string, unknown>,
  inputKeys: boolean,
): boolean {
  const keys = lowered.properties === input.properties ? inputKeys : hasOwnKey(lowered.properties);
  return keys || hasPropertySource(lowered);
}

/** One loss per keyword of an input root that has no properties, since no `parameters` are sent. */
function omittedParameterLosses(root: Record<string, unknown>): Loss[] {
  const losses: Loss[] = [];
  for (const key of Object.keys(root)) {
    if (key === 'type' || key === 'properties') continue;
    losses.push({
      pointer: joinPointer('/inputSchema', key),
      keyword: key,
      action: 'dropped',
      detail:
        'the declaration has no parameters (Gemini rejects an OBJECT schema without properties), so the tool takes no arguments there',
    });
  }
  if (!('properties' in root))
    losses.push({
      pointer: '/inputSchema/properties',
      keyword: 'properties',
      action: 'added',
      detail: 'read back as {type:"object", properties:{}}',
    });
  return losses;
}
const EMPTY_ROOT = { type: 'object', properties: {} };

/**
 * Gemini function declaration with `parameters` (the OpenAPI 3.0 subset): lowered by the Gemini
 * passes; a root without properties omits `parameters` (Gemini rejects empty OBJECT schemas).
 */
export const geminiCodec: DialectCodec = {
  dialect: 'gemini',
  limits: GEMINI_LIMITS,
  namePattern: GEMINI_NAME_RULE.pattern,
  encode(tool: Tool, targetName: string, options: ConvertOptions) {
    const limits = mergeLimits(GEMINI_LIMITS, options);
    // One list for every loss, in order: spreading short arrays into a literal goes through the
    // iterator protocol, and each extra list is an allocation per conversion.
    const losses: Loss[] = fieldLosses(tool, 'Gemini', NO_FIELDS, renameLoss(tool, targetName, 'Gemini'));
    const value: Record<string, unknown> = { name: targetName };
    if (tool.description !== '') value.description = tool.description;
    const input = tool.inputSchema;
    const inputKeys = hasOwnKey(input.properties);
    const before = losses.length;
    const lowered =
      inputKeys || hasPropertySource(input)
        ? lowerInput(tool, 'gemini', 'Gemini', limits, options.recursion, losses)
        : undefined;
    if (!lowered || !loweredHasProperties(lowered.schema, input, inputKeys)) {
      // No properties: Gemini answers "properties: should be non-empty for OBJECT type", so the
      // declaration has no `parameters` at all. The losses describe that, not a lowering of the root.
      losses.length = before;
      losses.push(...omittedParameterLosses(tool.inputSchema));
      return { value, losses, decode: IDENTITY_ARGS.decode, encodeArgs: IDENTITY_ARGS.encode };
    }
    value.parameters = lowered.schema;
    return { value, losses, decode: lowered.decode, encodeArgs: lowered.encodeArgs };
  },
  decode(raw: unknown, options: ToCanonicalOptions) {
    const obj = expectObject(raw, '', 'a Gemini function declaration');
    const name = expectName(obj, '');
    const losses: Loss[] = [];
    checkFields(obj, GEMINI_FIELDS, 'Gemini', '', losses);
    const input: ToolInput = { name, source: 'function' };
    const description = optionalString(obj, 'description', '');
    if (description !== undefined) input.description = description;
    if (obj.parametersJsonSchema !== undefined) {
      input.inputSchema = restoreInput(
        obj.parametersJsonSchema,
        '/inputSchema',
        options,
        losses,
        false,
      ) as ToolInput['inputSchema'];
    } else {
      const params = obj.parameters === undefined ? EMPTY_ROOT : lowerCaseTypes(obj.parameters);
      input.inputSchema = restoreInput(
        params,
        '/inputSchema',
        options,
        losses,
        true,
      ) as ToolInput['inputSchema'];
    }
    if (obj.response !== undefined)
      input.outputSchema = restoreInput(
        lowerCaseTypes(obj.response),
        '/outputSchema',
        options,
        losses,
        true,
      ) as ToolInput['outputSchema'];
    else if (obj.responseJsonSchema !== undefined)
      input.outputSchema = obj.responseJsonSchema as ToolInput['outputSchema'];
    applyNameMap(input, name, options, losses);
    return { input, losses };
  },
  check: checkGeminiDeclaration,
  toDocument: geminiDocument,
  fromDocument: geminiDeclarations,
};
