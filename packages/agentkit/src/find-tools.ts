import { isPlainObject, type JsonSchemaObject } from '@toolarsenal/toolmodel';

export const FIND_TOOLS_NAME = 'find_tools';
export const DEFAULT_FIND_LIMIT = 5;
export const MAX_FIND_LIMIT = 20;
const MAX_FIND_QUERY = 2_000;

export const FIND_TOOLS_DESCRIPTION =
  'Search the available tools for a task. Returns the best matching tools (name, what it does, required ' +
  'arguments); the tools found can be called from the next step on. Search again with other words when none fits.';

/** JSON Schema of `find_tools`' arguments. */
export const FIND_TOOLS_SCHEMA: JsonSchemaObject = Object.freeze({
  type: 'object',
  properties: {
    query: { type: 'string', description: 'The task in plain words, e.g. "refund a payment".' },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_FIND_LIMIT,
      description: `How many tools to return (default ${DEFAULT_FIND_LIMIT}).`,
    },
  },
  required: ['query'],
  additionalProperties: false,
}) as JsonSchemaObject;

/** `find_tools` arguments checked; an error text for the model when they are unusable. */
export function parseFindArgs(args: unknown): { query: string; limit: number } | { error: string } {
  if (!isPlainObject(args))
    return { error: 'Error [INVALID_ARGUMENTS]: find_tools takes an object { query, limit? }.' };
  const { query, limit = DEFAULT_FIND_LIMIT } = args;
  if (typeof query !== 'string' || query.trim() === '')
    return { error: 'Error [INVALID_ARGUMENTS]: find_tools needs "query": the task in plain words.' };
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_FIND_LIMIT)
    return { error: `Error [INVALID_ARGUMENTS]: "limit" must be an integer from 1 to ${MAX_FIND_LIMIT}.` };
  return { query: query.slice(0, MAX_FIND_QUERY), limit };
}
