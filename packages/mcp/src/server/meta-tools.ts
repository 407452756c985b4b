import type { Tool as McpTool } from '@modelcontextprotocol/server';

/**
 * The three meta-tools of dynamic and hybrid mode. Their definitions are what every request
 * pays for in context, so they are short: one sentence of purpose, one of how to chain them.
 */
export const FIND_TOOLS: McpTool = {
  name: 'find_tools',
  description:
    'Search the available tools for a task. Returns the best matches: id, what it does, required arguments. Use it before call_tool; if nothing fits, search again in other words.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'The task, in plain words' },
      limit: { type: 'integer', minimum: 1, maximum: 20, description: 'Max results (default 5)' },
    },
    required: ['query'],
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

export const DESCRIBE_TOOL: McpTool = {
  name: 'describe_tool',
  description:
    "Get a tool's full input schema, output schema and hints, when its arguments are not clear from find_tools.",
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string', description: 'Tool id from find_tools' } },
    required: ['id'],
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

export const CALL_TOOL: McpTool = {
  name: 'call_tool',
  description: 'Run a tool found with find_tools. arguments must match its input schema.',
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'string', description: 'Tool id from find_tools' },
      arguments: { type: 'object', description: 'The tool arguments' },
    },
    required: ['id'],
  },
};

export const META_TOOLS: readonly McpTool[] = Object.freeze([FIND_TOOLS, DESCRIBE_TOOL, CALL_TOOL]);
