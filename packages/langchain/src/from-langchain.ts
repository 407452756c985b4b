import {
  createImportExecutor,
  describeValue,
  type ImportExecutor,
  importedIdOf,
  type ImportOptions,
  importTools,
  ToolkitError,
} from '@toolarsenal/agentkit';
import { toCanonical } from '@toolarsenal/tooladapter';
import {
  canonicalJson,
  isPlainObject,
  type Tool,
  ToolArsenalError,
  tryParseToolId,
  updateTool,
} from '@toolarsenal/toolmodel';
import { type ExecutionRequest, ToolExecutionError } from '@toolarsenal/toolrun';
import { ToolMessage } from '@langchain/core/messages';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { ArsenalTool, TOOL_ID_METADATA_KEY } from './arsenal-tool.js';

/** A LangChain tool as this package reads it: a name, a description, a schema (Zod or JSON Schema) and `invoke`. */
export interface LangChainToolLike {
  name: string;
  description?: string;
  schema?: unknown;
  invoke: (...args: never[]) => unknown;
  metadata?: Record<string, unknown>;
}
type Invoke = (input: unknown, config?: { signal?: AbortSignal }) => Promise<unknown>;

export type FromLangChainOptions = ImportOptions;
/** Runs imported LangChain tools for a toolrun `Runner` (source `langchain`). */
export type LangChainExecutor = ImportExecutor;

export interface LangChainImport {
  /** Canonical tools (source `langchain`), ready for an index, a toolset and a runner. */
  tools: Tool[];
  /** Register with `runner.registerExecutor(executor)` (once per runner), then `runner.register(tool)` each tool. */
  executor: LangChainExecutor;
}

/** The canonical id of a LangChain tool made by `toLangChainTools` or read by `fromLangChainTools`. */
export function canonicalIdOf(tool: unknown): string | undefined {
  if (tool instanceof ArsenalTool) return tool.canonical.id;
  if (typeof tool !== 'object' || tool === null) return undefined;
  return importedIdOf(tool) ?? metadataId(tool);
}

function metadataId(tool: object): string | undefined {
  const meta = (tool as { metadata?: unknown }).metadata;
  const id = isPlainObject(meta) ? meta[TOOL_ID_METADATA_KEY] : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * LangChain tools (including those from `@langchain/mcp-adapters`, with Zod or JSON schemas) as
 * canonical tools plus an executor, so they join the index, toolsets, policies and the runner.
 * Schemas are read with `@langchain/core`'s own `toJsonSchema` and decoded by tooladapter's
 * `langchain` codec; nothing is restored from description text.
 */
export function fromLangChainTools(
  tools: readonly LangChainToolLike[],
  options: FromLangChainOptions = {},
): LangChainImport {
  return importTools(tools, options, {
    kind: 'LangChain',
    read: readLangChainTool,
    createExecutor: createLangChainExecutor,
  });
}

/** One LangChain tool as a canonical tool (typed `ToolkitError` when it cannot be read). */
export function readLangChainTool(lc: LangChainToolLike, at: string, namespace: string | undefined): Tool {
  if (typeof lc !== 'object' || lc === null || typeof lc.name !== 'string' || typeof lc.invoke !== 'function')
    throw new ToolkitError(
      'TOOLKIT_INVALID_TOOL',
      `${at} is ${describeValue(lc)}, expected a LangChain tool`,
    );
  const own = lc instanceof ArsenalTool ? lc.canonical : undefined;
  // Identity travels with our own tools (and their metadata), never from an earlier import.
  const knownId = own?.id ?? metadataId(lc);
  const identity = typeof knownId === 'string' ? tryParseToolId(knownId) : undefined;
  let schema: unknown;
  try {
    schema = toJsonSchema(lc.schema as Parameters<typeof toJsonSchema>[0]);
  } catch (error) {
    throw new ToolkitError(
      'TOOLKIT_INVALID_TOOL',
      `${at} ("${lc.name.slice(0, 100)}"): its schema cannot be read as JSON Schema`,
      {
        cause: error,
      },
    );
  }
  let tool: Tool;
  try {
    const names =
      identity && typeof knownId === 'string'
        ? { toTarget: { [knownId]: lc.name }, fromTarget: { [lc.name]: knownId } }
        : undefined;
    const raw = {
      name: lc.name,
      description: typeof lc.description === 'string' ? lc.description : '',
      schema,
    };
    [tool] = toCanonical(raw, 'langchain', { restore: false, ...(names ? { names } : {}) }).tools as [Tool];
  } catch (error) {
    if (!ToolArsenalError.isInstance(error)) throw error;
    throw new ToolkitError('TOOLKIT_INVALID_TOOL', `${at} is not a valid tool: ${error.message}`, {
      cause: error,
    });
  }
  if (own && sameDefinition(own, tool)) return own;
  if (!identity && namespace !== undefined) tool = updateTool(tool, { namespace });
  return tool;
}

/** Same name, namespace, version, description and input schema: the LangChain side changed nothing. */
function sameDefinition(own: Tool, read: Tool): boolean {
  return (
    own.id === read.id &&
    own.description === read.description &&
    canonicalJson(own.inputSchema) === canonicalJson(read.inputSchema)
  );
}

/** An empty executor for imported LangChain tools; `fromLangChainTools` fills it. */
export function createLangChainExecutor(source = 'langchain'): LangChainExecutor {
  return createImportExecutor(source, runLangChainTool);
}

async function runLangChainTool(
  lc: LangChainToolLike | undefined,
  request: ExecutionRequest,
): Promise<unknown> {
  if (!lc) throw new ToolExecutionError(`No LangChain tool is registered for "${request.tool.id}".`);
  const message: unknown = await (lc.invoke as Invoke).call(
    lc,
    { type: 'tool_call', id: request.callId, name: lc.name, args: request.arguments },
    { signal: request.signal },
  );
  if (!ToolMessage.isInstance(message)) return message;
  const text = textOf(message.content);
  if (message.status === 'error')
    throw new ToolExecutionError(text || `The LangChain tool "${lc.name}" failed.`);
  // An object artifact is structured output (what toLangChainTools and most tools put there);
  // other artifacts (e.g. the non-text MCP content of @langchain/mcp-adapters) leave the text as the result.
  return isPlainObject(message.artifact) ? message.artifact : text;
}

/** Text of a message's content (string, or the text blocks of a content array). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content) ?? '';
  return content
    .map((block) =>
      isPlainObject(block) && typeof block.text === 'string' ? block.text : (JSON.stringify(block) ?? ''),
    )
    .join('\n');
}
