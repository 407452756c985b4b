import type { CallToolResult } from '@modelcontextprotocol/server';
import type { SearchContext, ToolIndexLike, ToolSignal } from '@toolarsenal/toolindex';
import { isPlainObject, type Tool } from '@toolarsenal/toolmodel';
import type { Catalog } from './catalog.js';
import { errorResult } from './result-format.js';

export const DEFAULT_FIND_LIMIT = 5;
export const MAX_FIND_LIMIT = 20;
const MAX_QUERY = 2_000;
const CARD_DESCRIPTION = 160;

/** A compact search hit: what find_tools returns per tool. */
export interface ToolCard {
  id: string;
  title?: string;
  description: string;
  required: string[];
}

export interface FindDeps {
  catalog: Catalog;
  index: ToolIndexLike;
  visible: (tool: Tool) => boolean;
  health?: ToolSignal;
}

/** `find_tools`: retrieval over the caller's visible tools, as short cards. */
export async function findTools(
  args: Record<string, unknown>,
  meta: unknown,
  deps: FindDeps,
): Promise<CallToolResult> {
  const query = args.query;
  if (typeof query !== 'string' || query.trim() === '')
    return errorResult(
      'INVALID_ARGUMENTS',
      'find_tools needs "query": the task in plain words.',
      'invalid_arguments',
    );
  const limit = args.limit === undefined ? DEFAULT_FIND_LIMIT : args.limit;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_FIND_LIMIT)
    return errorResult(
      'INVALID_ARGUMENTS',
      `"limit" must be an integer from 1 to ${MAX_FIND_LIMIT}.`,
      'invalid_arguments',
    );
  const { catalog, visible } = deps;
  const context = searchContext(meta, deps.health, (name) => catalog.lookup(name)?.id ?? name);
  const result = await deps.index.search({
    query: query.slice(0, MAX_QUERY),
    limit,
    filters: { predicate: (tool) => catalog.has(tool) && visible(tool) },
    ...(context ? { context } : {}),
  });
  const cards = result.hits.map((hit) => card(hit.tool, catalog.nameOf(hit.tool)));
  const text =
    cards.length === 0
      ? 'No tool matches this task. Try other words, or a broader task.'
      : cards.map((c, i) => `${i + 1}. ${cardLine(c)}`).join('\n');
  return { content: [{ type: 'text', text }], structuredContent: { tools: cards } };
}

/** `describe_tool`: the served definition (what static mode would list) plus on-demand docs. */
export function describeTool(
  args: Record<string, unknown>,
  deps: { catalog: Catalog; visible: (tool: Tool) => boolean },
): CallToolResult {
  const id = args.id;
  if (typeof id !== 'string' || id === '')
    return errorResult(
      'INVALID_ARGUMENTS',
      'describe_tool needs "id" (from find_tools).',
      'invalid_arguments',
    );
  const tool = deps.catalog.lookup(id);
  if (!tool || !deps.visible(tool)) return unknownTool(id);
  const { _meta: _omit, ...definition } = deps.catalog.encoded(tool) as Record<string, unknown>;
  const described: Record<string, unknown> = { ...definition, id: deps.catalog.nameOf(tool) };
  delete described.name;
  if (tool.longDescription) described.longDescription = tool.longDescription;
  if (tool.usageHints) described.usageHints = tool.usageHints;
  const ordered = { id: described.id, ...described };
  return { content: [{ type: 'text', text: JSON.stringify(ordered) }], structuredContent: ordered };
}

export function unknownTool(id: string): CallToolResult {
  return errorResult(
    'TOOL_NOT_FOUND',
    `No tool "${id.slice(0, 200)}". Use find_tools to look up tool ids.`,
    'not_found',
  );
}

function card(tool: Tool, id: string): ToolCard {
  const required = Array.isArray(tool.inputSchema.required)
    ? tool.inputSchema.required.filter((r): r is string => typeof r === 'string')
    : [];
  return {
    id,
    ...(tool.title && tool.title !== tool.name ? { title: tool.title } : {}),
    description: oneLine(tool.description),
    required,
  };
}

function cardLine(c: ToolCard): string {
  const head = c.title ? `${c.id} (${c.title})` : c.id;
  const req = c.required.length > 0 ? ` [required: ${c.required.join(', ')}]` : '';
  return `${head}: ${c.description || '(no description)'}${req}`;
}

/** First sentence or line, whitespace collapsed, at most 160 characters. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?[.!?。])(\s|$)/.exec(flat)?.[1] ?? flat;
  return sentence.length <= CARD_DESCRIPTION ? sentence : `${sentence.slice(0, CARD_DESCRIPTION - 1)}…`;
}

/** Conversation context a host may send in `_meta["io.toolarsenal/context"]` (bounded, strings only). */
function searchContext(
  meta: unknown,
  health: ToolSignal | undefined,
  toId: (served: string) => string,
): SearchContext | undefined {
  const raw = isPlainObject(meta) ? meta['io.toolarsenal/context'] : undefined;
  const context: SearchContext = {};
  if (isPlainObject(raw)) {
    if (typeof raw.conversationSummary === 'string')
      context.conversationSummary = raw.conversationSummary.slice(0, 4_000);
    // Hosts name tools as they were served; the index knows canonical ids.
    const strings = (v: unknown) =>
      Array.isArray(v)
        ? v
            .filter((x): x is string => typeof x === 'string')
            .slice(0, 100)
            .map(toId)
        : undefined;
    const used = strings(raw.usedTools);
    if (used) context.usedTools = used;
    const failed = strings(raw.failedTools);
    if (failed) context.failedTools = failed;
  }
  if (health) context.health = health;
  return Object.keys(context).length > 0 ? context : undefined;
}
