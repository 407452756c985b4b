import { isPlainObject, type Tool, type ToolInput } from '@toolarsenal/toolmodel';
import { GEMINI_NAME_RULE } from '../names/name-rules.js';
import type { ConvertOptions, DialectCodec, Loss, ToCanonicalOptions } from '../types.js';
import {
  checkGeminiDeclaration,
  GEMINI_FIELDS,
  GEMINI_LIMITS,
  geminiDeclarations,
  geminiDocument,
} from './gemini-common.js';
import {
  applyNameMap,
  checkFields,
  expectName,
  expectObject,
  fieldLosses,
  lowerInput,
  lowerOutput,
  mergeLimits,
  optionalString,
  renameLoss,
  restoreInput,
} from './shared.js';

const CARRIED: ReadonlySet<string> = new Set(['outputSchema']);

/**
 * Gemini function declaration with `parametersJsonSchema` / `responseJsonSchema` (JSON Schema,
 * as js-genai sends MCP tools): schemas are kept as they are.
 */
export const geminiJsonCodec: DialectCodec = {
  dialect: 'gemini-json',
  limits: GEMINI_LIMITS,
  namePattern: GEMINI_NAME_RULE.pattern,
  encode(tool: Tool, targetName: string, options: ConvertOptions) {
    const lowered = lowerInput(tool, 'gemini-json', 'Gemini', mergeLimits(GEMINI_LIMITS, options));
    const value: Record<string, unknown> = { name: targetName };
    if (tool.description !== '') value.description = tool.description;
    value.parametersJsonSchema = lowered.schema;
    const losses: Loss[] = [
      ...renameLoss(tool, targetName, 'Gemini'),
      ...fieldLosses(tool, 'Gemini', CARRIED),
      ...lowered.losses,
    ];
    // The response schema follows the same rule ("only description and default next to $ref").
    if (tool.outputSchema !== undefined)
      value.responseJsonSchema = isPlainObject(tool.outputSchema)
        ? lowerOutput(tool.outputSchema, 'gemini-json', 'Gemini', mergeLimits(GEMINI_LIMITS, options), losses)
        : tool.outputSchema;
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
    const params = obj.parametersJsonSchema ?? obj.parameters ?? { type: 'object', properties: {} };
    input.inputSchema = restoreInput(
      params,
      '/inputSchema',
      options,
      losses,
      false,
    ) as ToolInput['inputSchema'];
    if (obj.responseJsonSchema !== undefined)
      input.outputSchema = obj.responseJsonSchema as ToolInput['outputSchema'];
    applyNameMap(input, name, options, losses);
    return { input, losses };
  },
  check: checkGeminiDeclaration,
  toDocument: geminiDocument,
  fromDocument: geminiDeclarations,
};
