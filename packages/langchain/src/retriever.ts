import { isRecord, toolDocumentText, type ToolRetrieverOptions, toolRetrieval } from '@toolarsenal/agentkit';
import { Document } from '@langchain/core/documents';
import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';

export type ToolIndexRetrieverFields = BaseRetrieverInput & ToolRetrieverOptions;

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
  readonly #retrieval: ReturnType<typeof toolRetrieval>;

  constructor(fields: ToolIndexRetrieverFields) {
    const {
      index: _i,
      k: _k,
      mode: _m,
      filters: _f,
      context: _c,
      minRelevance: _r,
      nameOf: _n,
      ...base
    } = isRecord(fields) ? fields : ({} as ToolIndexRetrieverFields);
    super(base);
    this.#retrieval = toolRetrieval(fields, 'fields');
  }

  override async _getRelevantDocuments(query: string): Promise<Document<ToolDocumentMetadata>[]> {
    const hits = await this.#retrieval.search(query);
    return hits.map((hit) => {
      const name = this.#retrieval.nameOf(hit.tool);
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
