import { defineTool, type Tool } from '@toolarsenal/toolmodel';
import { createRunner, type Runner } from '@toolarsenal/toolrun';

const search = (namespace: string, what: string): Tool =>
  defineTool({
    name: 'search',
    namespace,
    description: `Search ${what} for pages matching a query.`,
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  });

/** Two sources with a tool named `search` each: `docs:search@1.0.0` and `mcp.web:search@1.0.0`. */
export const SAME_NAME_TOOLS = {
  docs: search('docs', 'the product documentation'),
  web: search('mcp.web', 'the public web'),
} as const;

/**
 * A runner holding `tools`, each answering `<namespace> results for <query>`; `calls` records the
 * id of every tool that ran, so a test sees which of two same-name tools a call reached.
 */
export function searchRunner(tools: readonly Tool[]): { runner: Runner; calls: string[] } {
  const calls: string[] = [];
  const runner = createRunner({ defaults: { retry: false } });
  for (const tool of tools)
    runner.register(tool, ({ query }) => {
      calls.push(tool.id);
      return `${tool.namespace} results for ${String(query)}`;
    });
  return { runner, calls };
}
