import {
  type CallToolResult,
  type InputRequiredResult,
  type ListToolsResult,
  type McpRequestContext,
  Server,
  type ServerContext,
  type Tool as McpTool,
} from '@modelcontextprotocol/server';
import type { ToolIndexLike, ToolSignal } from '@toolarsenal/toolindex';
import type { Tool } from '@toolarsenal/toolmodel';
import type { Runner, ToolResult } from '@toolarsenal/toolrun';
import type { Principal } from '@toolarsenal/toolset';
import { type AccessCheck, type McpRequestInfo, type PrincipalResolver, resolvePrincipal } from './access.js';
import { callServedTool } from './call.js';
import type { Catalog } from './catalog.js';
import type { Confirmations } from './confirmation.js';
import { describeTool, findTools, unknownTool } from './find-describe.js';
import { META_TOOLS } from './meta-tools.js';
import { errorResult } from './result-format.js';

export type McpServeMode = 'static' | 'dynamic' | 'hybrid';

/** Everything the per-request (HTTP) or per-connection (stdio) server instances share. */
export interface ServerShared {
  info: { name: string; version: string };
  instructions?: string;
  mode: McpServeMode;
  catalog: Catalog;
  index: ToolIndexLike;
  runner: Runner;
  access: AccessCheck;
  principal: PrincipalResolver;
  confirmations: Confirmations;
  isPinned: (tool: Tool) => boolean;
  format: (result: ToolResult) => CallToolResult;
  listTtlMs: number;
  health?: ToolSignal;
  onerror?: (error: Error) => void;
}

/**
 * Builds one SDK `Server` for one serving unit (an HTTP request under `createMcpHandler`, a
 * stdio connection under `serveStdio`). It holds no state of its own: listing, finding and
 * calling read the shared catalog, index and runner, so any process can answer any request.
 */
export function createServerInstance(shared: ServerShared, ctx: McpRequestContext): Server {
  const listChanged = shared.mode !== 'dynamic';
  const server = new Server(shared.info, {
    capabilities: { tools: { listChanged } },
    ...(shared.instructions ? { instructions: shared.instructions } : {}),
    // Listings depend on the caller (policy, scopes): clients must never share them across principals.
    cacheHints: { 'tools/list': { ttlMs: shared.listTtlMs, cacheScope: 'private' } },
    requestState: { verify: (state, c) => shared.confirmations.codec.verify(state, c) },
  });
  if (shared.onerror) server.onerror = shared.onerror;
  const info: McpRequestInfo = {
    era: ctx.era,
    transport: ctx.requestInfo ? 'http' : 'stdio',
    ...(ctx.authInfo ? { authInfo: ctx.authInfo } : {}),
  };
  const principalOf = (c: ServerContext) =>
    resolvePrincipal(shared.principal, c.http?.authInfo ? { ...info, authInfo: c.http.authInfo } : info);

  server.setRequestHandler('tools/list', async (_request, c): Promise<ListToolsResult> => {
    const principal = await principalOf(c);
    return { tools: listFor(shared, principal) };
  });

  server.setRequestHandler(
    'tools/call',
    async (request, c): Promise<CallToolResult | InputRequiredResult> => {
      const principal = await principalOf(c);
      const { name, arguments: args } = request.params;
      const visible = (tool: Tool) =>
        shared.catalog.has(tool) && shared.access.allows(principal, tool, 'list');
      if (shared.mode !== 'static') {
        if (name === 'find_tools')
          return findTools(args ?? {}, request.params._meta, {
            catalog: shared.catalog,
            index: shared.index,
            visible,
            ...(shared.health ? { health: shared.health } : {}),
          });
        if (name === 'describe_tool')
          return describeTool(args ?? {}, {
            catalog: shared.catalog,
            visible: (t) => visible(t) && shared.access.allows(principal, t, 'describe'),
          });
        if (name === 'call_tool') {
          const id = args?.id;
          if (typeof id !== 'string' || id === '')
            return errorResult(
              'INVALID_ARGUMENTS',
              'call_tool needs "id" (from find_tools).',
              'invalid_arguments',
            );
          return callByName(shared, id, args?.arguments, principal, c, server);
        }
      }
      // Direct calls: static and pinned tools, and (in dynamic mode too) any served tool by its id.
      return callByName(shared, name, args, principal, c, server);
    },
  );
  return server;
}

function listFor(shared: ServerShared, principal: Principal): McpTool[] {
  const { catalog, access, mode } = shared;
  const listed: McpTool[] = mode === 'static' ? [] : [...META_TOOLS];
  for (const tool of catalog.tools()) {
    if (mode === 'dynamic') break;
    if (mode === 'hybrid' && !shared.isPinned(tool)) continue;
    if (access.allows(principal, tool, 'list')) listed.push(catalog.encoded(tool));
  }
  return listed;
}

function callByName(
  shared: ServerShared,
  name: string,
  args: unknown,
  principal: Principal,
  ctx: ServerContext,
  server: Server,
): Promise<CallToolResult | InputRequiredResult> | CallToolResult {
  const tool = shared.catalog.lookup(name);
  // Denied tools answer exactly like unknown ones: callers learn nothing about what they may not use.
  if (
    !tool ||
    !shared.access.allows(principal, tool, 'list') ||
    !shared.access.allows(principal, tool, 'call')
  )
    return unknownTool(name);
  const canAsk = server.getClientCapabilities()?.elicitation !== undefined;
  return callServedTool(tool, shared.catalog.nameOf(tool), args, principal, ctx, {
    runner: shared.runner,
    access: shared.access,
    confirmations: shared.confirmations,
    format: shared.format,
    canAsk,
  });
}
