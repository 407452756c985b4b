import { isPlainObject, joinPointer, type Tool, type ToolInput } from '@toolarsenal/toolmodel';
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
    const lowered = lowerInput(tool, 'gemini', 'Gemini', limits, options.recursion);
    const losses: Loss[] = [
      ...renameLoss(tool, targetName, 'Gemini'),
      ...fieldLosses(tool, 'Gemini', NO_FIELDS),
      ...lowered.losses,
    ];
    const value: Record<string, unknown> = { name: targetName };
    if (tool.description !== '') value.description = tool.description;
    const root = lowered.schema;
    const props = root.properties;
    if (isPlainObject(props) && Object.keys(props).length > 0) {
      value.parameters = root;
    } else {
      // No properties: Gemini answers "properties: should be non-empty for OBJECT type".
      for (const key of Object.keys(root)) {
        if (key === 'type' || key === 'properties') continue;
        losses.push({
          pointer: joinPointer('/inputSchema', key),
          keyword: key,
          action: 'dropped',
          detail: 'parameters omitted for a tool without properties (Gemini rejects empty OBJECT schemas)',
        });
      }
      if (!('properties' in tool.inputSchema))
        losses.push({
          pointer: '/inputSchema/properties',
          keyword: 'properties',
          action: 'added',
          detail: 'read back as {type:"object", properties:{}}',
        });
    }
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
