import { describe, expect, it } from 'vitest';
import { UnknownDialectError } from '../errors.js';
import { toolChoiceFor } from './tool-choice.js';

describe('tool_choice per dialect', () => {
  it('one forced tool', () => {
    expect(toolChoiceFor('openai-chat', ['f'])).toEqual({
      field: 'tool_choice',
      value: { type: 'function', function: { name: 'f' } },
    });
    expect(toolChoiceFor('openai-responses', ['f'])?.value).toEqual({ type: 'function', name: 'f' });
    expect(toolChoiceFor('anthropic', ['f'])?.value).toEqual({ type: 'tool', name: 'f' });
    expect(toolChoiceFor('gemini', ['f'])).toEqual({
      field: 'toolConfig',
      value: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['f'] } },
    });
    expect(toolChoiceFor('langchain', ['f'])?.value).toBe('f');
    expect(toolChoiceFor('mcp', ['f'])).toBeUndefined();
    expect(toolChoiceFor('openai-chat', [])).toBeUndefined();
  });

  it('several forced tools', () => {
    expect(toolChoiceFor('openai-chat', ['a', 'b'])?.value).toEqual({
      type: 'allowed_tools',
      allowed_tools: {
        mode: 'required',
        tools: [
          { type: 'function', function: { name: 'a' } },
          { type: 'function', function: { name: 'b' } },
        ],
      },
    });
    expect(toolChoiceFor('openai-responses', ['a', 'b'])?.value).toEqual({
      type: 'allowed_tools',
      mode: 'required',
      tools: [
        { type: 'function', name: 'a' },
        { type: 'function', name: 'b' },
      ],
    });
    expect(toolChoiceFor('anthropic', ['a', 'b'])?.value).toEqual({ type: 'any' });
    expect(toolChoiceFor('gemini-json', ['a', 'b'])?.value).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['a', 'b'] },
    });
    expect(toolChoiceFor('langchain', ['a', 'b'])?.value).toBe('any');
  });

  it('names that are no dialect are a typed error, not a silent undefined', () => {
    expect(() => toolChoiceFor('openai' as never, ['f'])).toThrow(UnknownDialectError);
  });
});
