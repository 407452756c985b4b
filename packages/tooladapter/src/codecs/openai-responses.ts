import type { Tool } from '@toolarsenal/toolmodel';
import { requireObject } from '../check/tool-shape.js';
import { ViolationList } from '../check/violation.js';
import { OPENAI_NAME_RULE } from '../names/name-rules.js';
import type { CheckOptions, ConvertOptions, DialectCodec, ToCanonicalOptions } from '../types.js';
import {
  checkOpenAIFunction,
  decodeOpenAIFunction,
  encodeOpenAIFunction,
  OPENAI_LIMITS,
} from './openai-common.js';

const RESPONSES_TOOL_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'name',
  'description',
  'parameters',
  'strict',
]);
import { expectObject } from './shared.js';

/** OpenAI Responses API tool: flat `{type:"function", name, description, parameters, strict}`; strict defaults to true. */
export const openaiResponsesCodec: DialectCodec = {
  dialect: 'openai-responses',
  limits: OPENAI_LIMITS,
  namePattern: OPENAI_NAME_RULE.pattern,
  encode(tool: Tool, targetName: string, options: ConvertOptions) {
    const strict = options.strict ?? true;
    const { fn, rest } = encodeOpenAIFunction(tool, targetName, options, strict, 'OpenAI Responses');
    return { value: { type: 'function', ...fn, strict }, ...rest };
  },
  decode(raw: unknown, options: ToCanonicalOptions) {
    return decodeOpenAIFunction(expectObject(raw, '', 'an OpenAI Responses tool'), '', options);
  },
  check(value: unknown, options: CheckOptions) {
    const out = new ViolationList();
    if (!requireObject(value, '', out, 'openai.tool.object', 'an OpenAI Responses tool')) return out.items;
    if (value.type !== 'function')
      out.add(
        '/type',
        'openai.tool.type',
        `Invalid value: '${String(value.type)}'. Supported values are: 'function' and 'custom'.`,
      );
    checkOpenAIFunction(value, '', 'tools[0]', RESPONSES_TOOL_FIELDS, options, true, out);
    return out.items;
  },
};
