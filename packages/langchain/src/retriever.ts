import { invalidOption, isRecord, type SelectableIndex, toolDocumentText } from '@toolarsenal/agentkit';
import type { SearchContext, SearchFilters, SearchMode } from '@toolarsenal/toolindex';
import type { Tool } from '@toolarsenal/toolmodel';
import { Document } from '@langchain/core/documents';
import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';

export interface ToolIndexRetrieverFields extends BaseRetrieverInput {
  index: SelectableIndex;
  /** Documents per query (default 5, 1–100). */
  k?: number;
  mode?: SearchMode;
  filters?: SearchFilters;
  context?: SearchContext;
  /** Relevance threshold override (toolindex default 0.25). */
  minRelevance?: number;
  /** The name the document shows for a tool (default its canonical name). */
  nameOf?: (tool: Tool) => string;
}

/** Metadata of each tool document. */
export interface ToolDocumentMetadata {
  /** Canonical tool id. */
  id: string;
  name: string;
  namespace?: string;
  score: number;
  relevance: number;
  tags: string[];
  source: string;
  [key: string]: unknown;
}

const MAX_QUERY = 4_000;

/**
 * A LangChain retriever over a toolindex: `invoke(query)` returns one `Document` per matching
 * tool (name, description, parameters, tags as `pageContent`; id, score and relevance as
 * metadata), for custom chains that reason about tools before binding them.
 */
export class ToolIndexRetriever extends BaseRetriever<ToolDocumentMetadata> {
  static override lc_name(): string {
    return 'ToolIndexRetriever';
  }
  override lc_namespace = ['toolarsenal', 'retrievers'];
  readonly #index: SelectableIndex;
  readonly #options: Omit<ToolIndexRetrieverFields, keyof BaseRetrieverInput | 'index' | 'nameOf'> & {
    k: number;
  };
  readonly #nameOf: (tool: Tool) => string;

  constructor(fields: ToolIndexRetrieverFields) {
    if (!isRecord(fields)) throw invalidOption('fields', 'an object with an index', fields);
    const { index, k = 5, mode, filters, context, minRelevance, nameOf, ...base } = fields;
    super(base);
    if (typeof index?.search !== 'function') throw invalidOption('fields.index', 'a tool index', index);
    if (!Number.isInteger(k) || k < 1 || k > 100)
      throw invalidOption('fields.k', 'an integer from 1 to 100', k);
    if (nameOf !== undefined && typeof nameOf !== 'function')
      throw invalidOption('fields.nameOf', 'a function', nameOf);
    this.#index = index;
    this.#nameOf = nameOf ?? ((tool) => tool.name);
    this.#options = {
      k,
      ...(mode !== undefined ? { mode } : {}),
      ...(filters !== undefined ? { filters } : {}),
      ...(context !== undefined ? { context } : {}),
      ...(minRelevance !== undefined ? { minRelevance } : {}),
    };
  }

  override async _getRelevantDocuments(query: string): Promise<Document<ToolDocumentMetadata>[]> {
    const text = typeof query === 'string' ? query.trim().slice(0, MAX_QUERY) : '';
    if (text === '') return [];
    const { k, ...rest } = this.#options;
    const result = await this.#index.search({ query: text, limit: k, ...rest });
    return result.hits.map((hit) => {
      const name = this.#nameOf(hit.tool);
      return new Document<ToolDocumentMetadata>({
        id: hit.tool.id,
        pageContent: toolDocumentText(hit.tool, name),
        metadata: {
          id: hit.tool.id,
          name,
          ...(hit.tool.namespace !== undefined ? { namespace: hit.tool.namespace } : {}),
          score: hit.score,
          relevance: hit.relevance,
          tags: [...hit.tool.tags],
          source: hit.tool.source,
        },
      });
    });
  }
}
