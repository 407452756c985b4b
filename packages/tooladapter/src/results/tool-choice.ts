import { InvalidArgumentError } from '@toolarsenal/toolmodel';
import { UnknownDialectError } from '../errors.js';
import { DIALECTS, type Dialect } from '../types.js';

/** Dialects with a way to force tools; the others (MCP, A2A, OpenAPI…) get no tool choice. */
export const TOOL_CHOICE_DIALECTS = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'gemini-json',
  'langchain',
] as const satisfies readonly Dialect[];

/**
 * The request field that forces tools, and its value. OpenAI and Anthropic use `tool_choice`;
 * Gemini uses `toolConfig` (`{ functionCallingConfig: { mode: 'ANY', allowedFunctionNames } }`).
 */
export interface ToolChoice {
  field: 'tool_choice' | 'toolConfig';
  value: unknown;
}

/**
 * Builds the forcing object for `names` (target names, i.e. after the dialect's name mapping).
 * One name forces that tool; several names require a call to one of them where the API can say
 * so (OpenAI `allowed_tools` with mode `required`, Anthropic `any` — the tool list itself must
 * then hold only those tools — Gemini `allowedFunctionNames`). Undefined for no names and for
 * dialects without a tool choice; throws `UnknownDialectError` for names that are no dialect.
 */
export function toolChoiceFor(dialect: Dialect, names: readonly string[]): ToolChoice | undefined {
  if (!(DIALECTS as readonly string[]).includes(dialect))
    throw new UnknownDialectError(String(dialect), DIALECTS);
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string'))
    throw new InvalidArgumentError('names', 'an array of tool names', names);
  if (names.length === 0) return undefined;
  const one = names.length === 1 ? names[0] : undefined;
  switch (dialect) {
    case 'openai-chat':
      return {
        field: 'tool_choice',
        value:
          one !== undefined
            ? { type: 'function', function: { name: one } }
            : {
                type: 'allowed_tools',
                allowed_tools: {
                  mode: 'required',
                  tools: names.map((name) => ({ type: 'function', function: { name } })),
                },
              },
      };
    case 'openai-responses':
      return {
        field: 'tool_choice',
        value:
          one !== undefined
            ? { type: 'function', name: one }
            : {
                type: 'allowed_tools',
                mode: 'required',
                tools: names.map((name) => ({ type: 'function', name })),
              },
      };
    case 'anthropic':
      return {
        field: 'tool_choice',
        value: one !== undefined ? { type: 'tool', name: one } : { type: 'any' },
      };
    case 'gemini':
    case 'gemini-json':
      return {
        field: 'toolConfig',
        value: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [...names] } },
      };
    case 'langchain':
      return { field: 'tool_choice', value: one ?? 'any' };
    default:
      return undefined;
  }
}
