import type { SearchContext, SearchFilters, SearchMode, SearchOptions } from '@toolarsenal/toolindex';
import type { Tool } from '@toolarsenal/toolmodel';
import { invalidOption, isRecord } from './errors.js';
import type { SelectableIndex } from './tool-selector.js';

/** Options of the frameworks' tool retrievers. */
export interface ToolRetrieverOptions {
  index: SelectableIndex;
  /** Results per query (default 5, 1–100). */
  k?: number;
  mode?: SearchMode;
  filters?: SearchFilters;
  context?: SearchContext;
  /** Relevance threshold override (toolindex default 0.25). */
  minRelevance?: number;
  /** The name a result shows for a tool (default its canonical name). */
  nameOf?: (tool: Tool) => string;
}

const MAX_QUERY = 4_000;

/** Checked retriever options → a search function (empty or blank queries find nothing) and `nameOf`. */
export function toolRetrieval(options: unknown, argument = 'options') {
  if (!isRecord(options)) throw invalidOption(argument, 'an object with an index', options);
  const { index, k = 5, mode, filters, context, minRelevance, nameOf } = options as ToolRetrieverOptions;
  if (typeof index?.search !== 'function') throw invalidOption(`${argument}.index`, 'a tool index', index);
  if (!Number.isInteger(k) || k < 1 || k > 100)
    throw invalidOption(`${argument}.k`, 'an integer from 1 to 100', k);
  if (nameOf !== undefined && typeof nameOf !== 'function')
    throw invalidOption(`${argument}.nameOf`, 'a function', nameOf);
  const fixed: Omit<SearchOptions, 'query'> = {
    limit: k,
    ...(mode !== undefined ? { mode } : {}),
    ...(filters !== undefined ? { filters } : {}),
    ...(context !== undefined ? { context } : {}),
    ...(minRelevance !== undefined ? { minRelevance } : {}),
  };
  return {
    nameOf: nameOf ?? ((tool: Tool) => tool.name),
    async search(query: unknown) {
      const text = typeof query === 'string' ? query.trim().slice(0, MAX_QUERY) : '';
      return text === '' ? [] : (await index.search({ ...fixed, query: text })).hits;
    },
  };
}
