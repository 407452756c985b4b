import { InvalidArgumentError } from './errors.js';
import { isPlainObject } from './safe-json.js';
import type { Tool } from './tool-types.js';

/**
 * Throws `InvalidArgumentError` unless `value` has the shape of a canonical tool (as `defineTool`
 * and `parseTool` build them): functions that take a `Tool` call this first, so `null` or a raw
 * definition gets a typed error naming the argument instead of a `TypeError` deep inside.
 * Cheap (a few type checks): it does not re-validate the tool.
 */
export function expectTool(value: unknown, argument = 'tool'): asserts value is Tool {
  if (
    !isPlainObject(value) ||
    typeof value.name !== 'string' ||
    typeof value.description !== 'string' ||
    !isPlainObject(value.inputSchema) ||
    !isPlainObject(value.annotations) ||
    !Array.isArray(value.tags)
  )
    throw new InvalidArgumentError(argument, 'a canonical tool (built by defineTool or parseTool)', value);
}

/** Throws `InvalidArgumentError` unless `value` is a plain object (or `undefined`, when optional). */
export function expectOptions(value: unknown, argument = 'options'): asserts value is object | undefined {
  if (value !== undefined && !isPlainObject(value))
    throw new InvalidArgumentError(argument, 'an object', value);
}
