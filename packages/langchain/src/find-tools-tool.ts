import {
  FIND_TOOLS_DESCRIPTION,
  FIND_TOOLS_NAME,
  FIND_TOOLS_SCHEMA,
  formatCards,
  invalidOption,
  isRecord,
  parseFindArgs,
  type SelectableIndex,
  toolCard,
  type ToolCard,
} from '@toolarsenal/agentkit';
import type { SearchContext, SearchMode } from '@toolarsenal/toolindex';
import type { Tool } from '@toolarsenal/toolmodel';
import { DynamicStructuredTool } from '@langchain/core/tools';

export interface FindToolsToolOptions {
  index: SelectableIndex;
  /** The name the model calls a found tool by (default its canonical name). */
  nameOf?: (tool: Tool) => string;
  /** Only these tools can be found (e.g. those the caller may use). */
  candidates?: (tool: Tool) => boolean;
  mode?: SearchMode;
  /** Fixed search context (health, cost, summary). */
  context?: SearchContext;
  /** Tool name (default `find_tools`). */
  name?: string;
  /** Calibrated-relevance threshold (default 0: the best `limit` tools that match the task at all). */
  minRelevance?: number;
}

/** What `find_tools` puts in its `ToolMessage.artifact`. */
export interface FindToolsArtifact {
  tools: ToolCard[];
}

/**
 * A `find_tools` tool for agents that search for tools themselves: it ranks the index for a task
 * and answers one line per tool (`name: what it does [required: …]`), with the cards as the
 * message's artifact. With `toolArsenalMiddleware({ strategy: 'find_tools' })` the tools found
 * are offered to the model from its next step on.
 */
export function createFindToolsTool(options: FindToolsToolOptions): DynamicStructuredTool {
  if (!isRecord(options)) throw invalidOption('options', 'an object with an index', options);
  const { index, candidates, mode, context } = options;
  if (typeof index?.search !== 'function') throw invalidOption('options.index', 'a tool index', index);
  if (candidates !== undefined && typeof candidates !== 'function')
    throw invalidOption('options.candidates', 'a function', candidates);
  if (options.nameOf !== undefined && typeof options.nameOf !== 'function')
    throw invalidOption('options.nameOf', 'a function', options.nameOf);
  const nameOf = options.nameOf ?? ((tool: Tool) => tool.name);
  return new DynamicStructuredTool({
    name: options.name ?? FIND_TOOLS_NAME,
    description: FIND_TOOLS_DESCRIPTION,
    // A fresh copy: @langchain/core's JSON-schema validator annotates the schema object it checks.
    schema: structuredClone(FIND_TOOLS_SCHEMA) as Record<string, unknown>,
    responseFormat: 'content_and_artifact',
    func: async (args: unknown, _run, config) => {
      const parsed = parseFindArgs(args);
      if ('error' in parsed) return [parsed.error, { tools: [] } satisfies FindToolsArtifact];
      const result = await index.search({
        query: parsed.query,
        limit: parsed.limit,
        minRelevance: options.minRelevance ?? 0,
        ...(mode ? { mode } : {}),
        ...(context ? { context } : {}),
        ...(candidates ? { filters: { predicate: candidates } } : {}),
        ...(config?.signal ? { signal: config.signal } : {}),
      });
      const cards = result.hits.map((hit) => toolCard(hit.tool, nameOf(hit.tool)));
      return [formatCards(cards), { tools: cards } satisfies FindToolsArtifact];
    },
  });
}
