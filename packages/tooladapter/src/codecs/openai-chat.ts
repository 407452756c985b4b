import { isPlainObject, type Tool } from '@toolarsenal/toolmodel';
import { checkKnownFields, requireObject } from '../check/tool-shape.js';
import { ViolationList } from '../check/violation.js';
import { ConversionError } from '../errors.js';
import { OPENAI_NAME_RULE } from '../names/name-rules.js';
import type { CheckOptions, ConvertOptions, DialectCodec, ToCanonicalOptions } from '../types.js';
import {
  checkOpenAIFunction,
  decodeOpenAIFunction,
  encodeOpenAIFunction,
  OPENAI_FUNCTION_FIELDS,
  OPENAI_LIMITS,
} from './openai-common.js';

const CHAT_TOOL_FIELDS: ReadonlySet<string> = new Set(['type', 'function']);
import { expectObject } from './shared.js';

/** OpenAI Chat Completions tool: `{type:"function", function:{name, description, parameters, strict?}}`. */
export const openaiChatCodec: DialectCodec = {
  dialect: 'openai-chat',
  limits: OPENAI_LIMITS,
  namePattern: OPENAI_NAME_RULE.pattern,
  encode(tool: Tool, targetName: string, options: ConvertOptions) {
    const strict = options.strict ?? false;
    const { fn, rest } = encodeOpenAIFunction(tool, targetName, options, strict, 'OpenAI');
    const body: Record<string, unknown> = { ...fn };
    if (strict) body.strict = true;
    return { value: { type: 'function', function: body }, ...rest };
  },
  decode(raw: unknown, options: ToCanonicalOptions) {
    const obj = expectObject(raw, '', 'an OpenAI chat tool');
    if (isPlainObject(obj.function)) {
      const extra = Object.keys(obj).filter((k) => k !== 'type' && k !== 'function');
      if (extra.length > 0)
        throw new ConversionError(
          'invalid-input',
          `/${extra[0]}`,
          `"${extra[0]}" is not a field of an OpenAI chat tool ({type, function})`,
        );
      return decodeOpenAIFunction(obj.function, '/function', options);
    }
    return decodeOpenAIFunction(obj, '', options);
  },
  check(value: unknown, options: CheckOptions) {
    const out = new ViolationList();
    if (!requireObject(value, '', out, 'openai.tool.object', 'an OpenAI tool')) return out.items;
    if (value.type !== 'function')
      out.add(
        '/type',
        'openai.tool.type',
        `Invalid value: '${String(value.type)}'. Supported values are: 'function' and 'custom'.`,
      );
    checkKnownFields(
      value,
      CHAT_TOOL_FIELDS,
      '',
      out,
      'openai.unknown-field',
      (key) => `Unknown parameter: 'tools[0].${key}'.`,
    );
    if (!requireObject(value.function, '/function', out, 'openai.tool.function', 'function'))
      return out.items;
    checkOpenAIFunction(
      value.function,
      '/function',
      'tools[0].function',
      OPENAI_FUNCTION_FIELDS,
      options,
      false,
      out,
    );
    return out.items;
  },
};
