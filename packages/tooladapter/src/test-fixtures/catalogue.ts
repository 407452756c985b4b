/**
 * A small catalogue in the shape of the LiveMCPTool and BFCL corpora (rows wrapping a tool, two
 * servers sharing a tool name), written for the unit tests so they run without ../shared.
 */
export const MCP_CATALOGUE_ROWS = [
  {
    server: 'Bing CN',
    server_key: 'bing-cn-mcp',
    category: 'Discovery',
    tool: {
      name: 'search',
      description: 'Searches the web',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { query: { type: 'string' }, num_results: { type: 'number', default: 5 } },
        required: ['query'],
      },
    },
  },
  {
    server: 'BioMCP',
    server_key: 'biomcp',
    category: 'Health',
    tool: {
      name: 'search',
      description: 'Searches biomedical sources',
      inputSchema: {
        type: 'object',
        properties: {
          genes: {
            anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }, { type: 'null' }],
            default: null,
            title: 'Genes',
          },
        },
      },
    },
  },
  {
    server: 'BioMCP',
    server_key: 'biomcp',
    category: 'Health',
    tool: { name: 'think', description: 'Thinks', inputSchema: { type: 'object', properties: {} } },
  },
];

export const BFCL_ROWS = [
  {
    entry_id: 'simple_0',
    function: {
      name: 'math.factorial',
      description: 'Factorial of a number',
      parameters: { type: 'dict', properties: { n: { type: 'integer' } }, required: ['n'] },
    },
  },
];
