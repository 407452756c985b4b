import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  A2A_VERSION_HEADER,
  Extensions,
  formatSSEErrorEvent,
  formatSSEEvent,
  SSE_HEADERS,
} from '@a2a-js/sdk';
import { isLegacyJsonRpcMethod } from '@a2a-js/sdk/compat/v0_3';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { JsonRpcTransportHandler, ServerCallContext, validateVersion } from '@a2a-js/sdk/server';
import type { AgentCard } from '@a2a-js/sdk';
import { type GlobMatcher, inspectJson, isPlainObject } from '@toolarsenal/toolmodel';
import { CARD_JSON_LIMITS } from '../limits.js';
import { BodyTooLargeError, readLimited } from '../shared/read-body.js';
import { PRINCIPAL_KEY } from './call-context.js';
import type { A2APrincipal } from './principal.js';

/** What the HTTP layer knows about a request when it authenticates it. */
export interface A2ARequestInfo {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingMessage['headers'];
  /** The peer's address (e.g. `127.0.0.1`, `::1`). */
  remoteAddress: string | undefined;
}

/**
 * Decides who is calling. Return the principal (its `exposure` is the level served; absent means
 * the least trusted level), `undefined` for an anonymous caller, or `null` to refuse the request
 * with 401 (e.g. a credential that does not check out — never fall back to a lower level silently).
 */
export type Authenticate = (
  request: A2ARequestInfo,
) => A2APrincipal | null | undefined | Promise<A2APrincipal | null | undefined>;

export interface LevelTransport {
  v1: JsonRpcTransportHandler;
  legacy: LegacyJsonRpcTransportHandler;
  /** The card the SDK handler checks protocol versions against. */
  card: AgentCard;
}

export interface HttpDeps {
  rpcPath: string;
  cardPaths: readonly string[];
  maxRequestBytes: number;
  /** Accepted `Host` headers (DNS-rebinding protection); undefined accepts any. */
  allowedHosts: GlobMatcher | undefined;
  authenticate: Authenticate;
  /** The level a principal is served at, or undefined when it names no known level. */
  levelOf(principal: A2APrincipal): string | undefined;
  transport(level: string): LevelTransport;
  cardJson(principal: A2APrincipal, level: string, request: IncomingMessage): unknown;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:\s*;.*)?$/i;

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

function safeId(id: unknown): string | number | null {
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function rpcError(id: unknown, code: number, message: string): unknown {
  return { jsonrpc: '2.0', id: safeId(id), error: { code, message } };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The node:http listener: agent cards at the well-known paths (per caller level), JSON-RPC (A2A
 * v1.0 methods, and the v0.3 `message/send`, `message/stream`, `tasks/get`, `tasks/cancel`) at
 * `rpcPath`. No web framework: the SDK's framework-free transport handlers do the protocol work.
 */
export function createListener(deps: HttpDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(deps, req, res).catch((error: unknown) => {
      send(res, 500, rpcError(null, -32603, `internal error: ${(error as Error)?.message ?? 'unknown'}`));
    });
  };
}

async function handle(deps: HttpDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const host = header(req, 'host') ?? '';
  if (deps.allowedHosts && !deps.allowedHosts(host)) {
    req.resume();
    return send(res, 403, { error: 'host not allowed' });
  }
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const isCard = deps.cardPaths.includes(path);
  if (!isCard && path !== deps.rpcPath) {
    req.resume();
    return send(res, 404, { error: 'not found' });
  }
  const expected = isCard ? 'GET' : 'POST';
  if (req.method !== expected) {
    req.resume();
    return send(res, 405, { error: `use ${expected}` }, { allow: expected });
  }
  let principal: A2APrincipal | null | undefined;
  try {
    principal = await deps.authenticate({
      method: req.method,
      url: req.url ?? '/',
      headers: req.headers,
      remoteAddress: req.socket.remoteAddress,
    });
  } catch {
    principal = null;
  }
  if (principal === null) {
    req.resume();
    return send(res, 401, rpcError(null, -32600, 'authentication failed'), { 'www-authenticate': 'Bearer' });
  }
  const who = principal ?? {};
  const level = deps.levelOf(who);
  if (level === undefined) {
    req.resume();
    return send(res, 403, rpcError(null, -32600, 'no exposure level for this caller'));
  }
  if (isCard) return send(res, 200, deps.cardJson(who, level, req), { vary: 'authorization' });
  return handleRpc(deps, req, res, who, level);
}

async function readJson(
  deps: HttpDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Record<string, unknown> | undefined> {
  const type = header(req, 'content-type') ?? '';
  if (!JSON_TYPE.test(type)) {
    req.resume();
    send(res, 415, rpcError(null, -32600, 'content-type must be application/json'));
    return undefined;
  }
  const declared = Number(header(req, 'content-length') ?? 'NaN');
  const tooLarge = () =>
    send(res, 413, rpcError(null, -32600, `request body larger than ${deps.maxRequestBytes} bytes`), {
      connection: 'close',
    });
  if (declared > deps.maxRequestBytes) {
    tooLarge();
    req.destroy();
    return undefined;
  }
  let text: string;
  try {
    const body = await readLimited(
      ReadableStream.from(req) as ReadableStream<Uint8Array>,
      deps.maxRequestBytes,
      'the request',
    );
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      tooLarge();
      req.destroy();
    } else send(res, 400, rpcError(null, -32700, 'the request body is not UTF-8'));
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    send(res, 200, rpcError(null, -32700, `parse error: ${(error as Error).message}`));
    return undefined;
  }
  if (!isPlainObject(value)) {
    send(
      res,
      200,
      rpcError(
        null,
        -32600,
        Array.isArray(value) ? 'batch requests are not supported' : 'a request must be a JSON object',
      ),
    );
    return undefined;
  }
  const issues = inspectJson(value, { ...CARD_JSON_LIMITS, maxStringLength: deps.maxRequestBytes });
  if (issues.length > 0) {
    send(
      res,
      200,
      rpcError(value.id, -32600, `invalid request at ${issues[0]!.pointer || '/'}: ${issues[0]!.message}`),
    );
    return undefined;
  }
  return value;
}

async function handleRpc(
  deps: HttpDeps,
  req: IncomingMessage,
  res: ServerResponse,
  principal: A2APrincipal,
  level: string,
): Promise<void> {
  const body = await readJson(deps, req, res);
  if (!body) return;
  if (body.jsonrpc !== '2.0' || typeof body.method !== 'string')
    return send(res, 200, rpcError(body.id, -32600, 'not a JSON-RPC 2.0 request'));
  const legacy = isLegacyJsonRpcMethod(body.method);
  const transport = deps.transport(level);
  const mapError = legacy
    ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError
    : JsonRpcTransportHandler.mapToJSONRPCError;
  const requestedVersion = header(req, A2A_VERSION_HEADER) ?? (legacy ? '0.3' : '1.0');
  const extensions =
    header(req, legacy ? 'x-a2a-extensions' : 'a2a-extensions') ?? header(req, 'a2a-extensions');
  const context = new ServerCallContext({
    user: { isAuthenticated: principal.id !== undefined, userName: principal.id ?? 'anonymous' },
    requestedVersion,
    requestedExtensions: Extensions.parseServiceParameter(extensions),
    state: new Map([[PRINCIPAL_KEY, principal]]),
  });
  let out: unknown;
  try {
    validateVersion(requestedVersion, transport.card, 'JSONRPC');
    out = await (legacy ? transport.legacy : transport.v1).handle(body, context);
  } catch (error) {
    return send(res, 200, { jsonrpc: '2.0', id: safeId(body.id), error: mapError(error) });
  }
  if (!isAsyncIterable(out)) return send(res, 200, out);
  await streamSse(res, out, body.id, mapError);
}

function isAsyncIterable(value: unknown): value is AsyncGenerator<unknown, void, undefined> {
  return typeof (value as { [Symbol.asyncIterator]?: unknown })?.[Symbol.asyncIterator] === 'function';
}

async function streamSse(
  res: ServerResponse,
  stream: AsyncGenerator<unknown, void, undefined>,
  id: unknown,
  mapError: (error: unknown) => unknown,
): Promise<void> {
  const iterator = stream[Symbol.asyncIterator]();
  let first: IteratorResult<unknown>;
  try {
    first = await iterator.next();
  } catch (error) {
    return send(res, 200, { jsonrpc: '2.0', id: safeId(id), error: mapError(error) });
  }
  res.writeHead(200, { ...SSE_HEADERS });
  // A caller that goes away stops the iteration (the task itself keeps running; cancel it to stop it).
  const onClose = () => void iterator.return?.(undefined);
  res.on('close', onClose);
  try {
    if (!first.done) res.write(formatSSEEvent(first.value));
    if (!first.done)
      for (let next = await iterator.next(); !next.done && !res.destroyed; next = await iterator.next())
        res.write(formatSSEEvent(next.value));
  } catch (error) {
    if (!res.writableEnded)
      res.write(formatSSEErrorEvent({ jsonrpc: '2.0', id: safeId(id), error: mapError(error) }));
  } finally {
    res.off('close', onClose);
    if (!res.writableEnded) res.end();
  }
}
