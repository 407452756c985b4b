import {
  invalidOption,
  isRecord,
  ToolkitError,
  toolDocumentText,
  type ToolRetrieverOptions as AgentkitRetrieverOptions,
  toolRetrieval,
} from '@toolarsenal/agentkit';
import type { BaseToolWithCall } from '@llamaindex/core/llms';
import { BaseObjectNodeMapping, ObjectRetriever } from '@llamaindex/core/objects';
import type { QueryBundle } from '@llamaindex/core/query-engine';
import { BaseRetriever } from '@llamaindex/core/retriever';
import { type BaseNode, type NodeWithScore, TextNode } from '@llamaindex/core/schema';
import { textOf } from './conversation.js';
import { canonicalIdOf } from './from-llamaindex.js';

export type ToolIndexRetrieverOptions = AgentkitRetrieverOptions;

/**
 * A LlamaIndex retriever over a toolindex: `retrieve(query)` returns one `TextNode` per matching
 * tool (name, description, parameters, tags as text; `toolId`, relevance as metadata; the
 * ranking score as the node's score), for query pipelines that reason about tools.
 */
export class ToolIndexRetriever extends BaseRetriever {
  readonly #retrieval: ReturnType<typeof toolRetrieval>;

  constructor(options: ToolIndexRetrieverOptions) {
    super();
    this.#retrieval = toolRetrieval(options);
  }

  async _retrieve(params: QueryBundle): Promise<NodeWithScore[]> {
    const hits = await this.#retrieval.search(textOf(params?.query));
    return hits.map((hit) => {
      const name = this.#retrieval.nameOf(hit.tool);
      return {
        node: new TextNode({
          id_: hit.tool.id,
          text: toolDocumentText(hit.tool, name),
          metadata: { toolId: hit.tool.id, name, relevance: hit.relevance },
        }),
        score: hit.score,
      };
    });
  }
}

/** Maps tool nodes (by `toolId`) back to the LlamaIndex tools they describe. */
class ToolNodeMapping extends BaseObjectNodeMapping {
  readonly #tools = new Map<string, BaseToolWithCall>();

  constructor(tools: Iterable<[string, BaseToolWithCall]>) {
    super();
    for (const [id, tool] of tools) this.#tools.set(id, tool);
  }
  fromObjects<OT>(): BaseObjectNodeMapping {
    return this as unknown as BaseObjectNodeMapping & OT;
  }
  objNodeMapping(): Record<string, BaseToolWithCall> {
    return Object.fromEntries(this.#tools);
  }
  toNode(tool: BaseToolWithCall): TextNode {
    const id = canonicalIdOf(tool) ?? tool.metadata.name;
    return new TextNode({ id_: id, text: tool.metadata.description, metadata: { toolId: id } });
  }
  _addObj(tool: BaseToolWithCall): void {
    this.#tools.set(canonicalIdOf(tool) ?? tool.metadata.name, tool);
  }
  _fromNode(node: BaseNode): BaseToolWithCall | undefined {
    const id = node.metadata?.toolId;
    return typeof id === 'string' ? this.#tools.get(id) : undefined;
  }
  persist(): void {
    throw new ToolkitError(
      'TOOLKIT_INVALID_OPTIONS',
      'tool node mappings are rebuilt from the index; persist the index instead',
    );
  }
}

/** Options of `createToolRetriever`; `minRelevance` defaults to 0 here (selection favours recall). */
export interface ToolRetrieverOptions extends Omit<AgentkitRetrieverOptions, 'nameOf'> {
  /** The LlamaIndex tools the retriever may return (`toLlamaIndexTools`/`fromLlamaIndexTools` output). */
  tools: readonly BaseToolWithCall[];
}

/**
 * LlamaIndex's object-retriever shape for tools, backed by toolindex: `retrieve(message)` returns
 * the best LlamaIndex tools for the message. Pass it as `toolRetriever` to agents that take one
 * (`LLMAgent` / `OpenAIAgent` and the other `AgentRunner`s of `@llamaindex/core/agent`).
 * Only tools in `tools` are returned; hits without a LlamaIndex tool are skipped.
 */
export function createToolRetriever(options: ToolRetrieverOptions): ObjectRetriever<BaseToolWithCall> {
  if (!isRecord(options)) throw invalidOption('options', 'an object with an index and tools', options);
  const { tools, ...rest } = options;
  if (!Array.isArray(tools)) throw invalidOption('options.tools', 'an array of LlamaIndex tools', tools);
  const byId = new Map<string, BaseToolWithCall>();
  tools.forEach((tool, i) => {
    const id = canonicalIdOf(tool);
    if (id === undefined)
      throw new ToolkitError(
        'TOOLKIT_INVALID_TOOL',
        `options.tools[${i}] is not a tool made by toLlamaIndexTools or read by fromLlamaIndexTools`,
      );
    byId.set(id, tool);
  });
  const ids = new Set(byId.keys());
  const userPredicate = rest.filters?.predicate;
  const retriever = new ToolIndexRetriever({
    // Tool selection: every tool that matches the message may be offered (see the selector's minRelevance).
    minRelevance: 0,
    ...rest,
    filters: { ...rest.filters, predicate: (t) => ids.has(t.id) && (!userPredicate || userPredicate(t)) },
    nameOf: (t) => byId.get(t.id)?.metadata.name ?? t.name,
  });
  return new FilteringObjectRetriever(retriever, new ToolNodeMapping(byId));
}

/** `ObjectRetriever` that drops nodes without an object (instead of returning `undefined`s). */
class FilteringObjectRetriever extends ObjectRetriever<BaseToolWithCall> {
  override async retrieve(query: Parameters<ObjectRetriever['retrieve']>[0]): Promise<BaseToolWithCall[]> {
    const found = (await super.retrieve(query)) as (BaseToolWithCall | undefined)[];
    return found.filter((t): t is BaseToolWithCall => t !== undefined);
  }
}
