/**
 * A few MCP tools in the shapes real servers emit (zod-to-json-schema with draft-07 `$schema`,
 * pydantic/FastMCP optionals as `anyOf` with `null`, titles and defaults, relative `$ref`s,
 * enums, output schemas), written for the unit tests so they run without ../shared.
 */
export interface SampleMcpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

export const SAMPLE_MCP_TOOLS: readonly SampleMcpTool[] = [
  {
    name: 'bing_search',
    description: 'Searches the web and returns titles, links and snippets',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Search keywords' },
        num_results: { type: 'number', default: 5, description: 'How many results' },
      },
      required: ['query'],
      additionalProperties: false,
    },
  },
  {
    name: 'trial_searcher',
    description: 'Searches clinical trials',
    inputSchema: {
      type: 'object',
      properties: {
        conditions: {
          anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }, { type: 'null' }],
          default: null,
          description: 'Medical conditions to search for',
          title: 'Conditions',
        },
        phase: {
          anyOf: [{ enum: ['PHASE1', 'PHASE2', 'PHASE3'], type: 'string' }, { type: 'null' }],
          default: null,
        },
        page: { type: 'integer', minimum: 1, default: 1, title: 'Page' },
      },
      title: 'trial_searcherArguments',
    },
    outputSchema: {
      type: 'object',
      properties: { result: { type: 'string', title: 'Result' } },
      required: ['result'],
    },
  },
  {
    name: 'generate_mind_map',
    description: 'Draws a mind map',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/properties/data' } },
          },
          required: ['name'],
        },
        theme: { type: 'string', enum: ['default', 'academy'], default: 'default' },
        width: { type: 'number', default: 600 },
      },
      required: ['data'],
    },
  },
  {
    name: 'whois_ip',
    description: 'Looks up whois information about an IP address',
    inputSchema: {
      type: 'object',
      properties: { ip: { type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] } },
      required: ['ip'],
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
];
