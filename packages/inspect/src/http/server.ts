import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InspectError } from '../errors.js';
import { Redactor } from '../redact.js';
import type { InspectTarget } from '../target.js';
import { CallDesk } from '../views/call-view.js';
import { convertTool, exportDialects } from '../views/convert-view.js';
import { policyView } from '../views/policy-view.js';
import { runSearch } from '../views/search-view.js';
import { ToolCatalog } from '../views/tools-view.js';
import { loadAssets } from './assets.js';
import { ChangeFeed } from './change-feed.js';
import { readJsonBody } from './body.js';
import { checkHost, checkOrigin } from './host-check.js';
import { renderPage } from './page-html.js';
import { errorBody, send, sendJson } from './respond.js';

export interface InspectServerOptions {
  target: InspectTarget;
  /** Port (default 0: any free port). */
  port?: number;
  /** Interface to bind (default `127.0.0.1`). Anything else exposes the page to that network: opt in knowingly. */
  host?: string;
  /** Largest request body in bytes (default 1,000,000). */
  maxBodyBytes?: number;
  /** Page title (default `ToolArsenal inspector`). */
  title?: string;
  /** Unexpected errors (the response only says "internal error"). Default: written to stderr. */
  onError?: (error: unknown) => void;
}

export interface InspectServer {
  /** `http://127.0.0.1:<port>/` (or the given host). */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, query: Record<string, string>) => unknown;

/** Starts the inspector: the page at `/`, its JSON API under `/api/`. Resolves once it listens. */
export async function startInspectServer(options: InspectServerOptions): Promise<InspectServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new InspectError(
      'INSPECT_BAD_OPTIONS',
      `port must be an integer from 0 to 65535, got ${String(port)}`,
    );
  const maxBodyBytes = options.maxBodyBytes ?? 1_000_000;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1)
    throw new InspectError('INSPECT_BAD_OPTIONS', 'maxBodyBytes must be a positive integer');
  const onError =
    options.onError ?? ((error: unknown) => process.stderr.write(`toolarsenal inspect: ${String(error)}\n`));
  const { target } = options;
  const assets = loadAssets();
  const catalog = new ToolCatalog(target);
  const desk = new CallDesk(target, catalog);
  const feed = new ChangeFeed(target);
  // Rebuilt when the tool list changes (new tools may carry new secrets), with the target's own secrets.
  let redactorFor: readonly unknown[] | undefined;
  let current: Redactor | undefined;
  const redactor = (): Redactor => {
    const tools = target.tools();
    if (!current || redactorFor !== tools) {
      current = new Redactor(tools, target.secrets?.() ?? []);
      redactorFor = tools;
    }
    return current;
  };
  const title = options.title ?? 'ToolArsenal inspector';
  const post = async (request: IncomingMessage) => readJsonBody(request, maxBodyBytes);

  const get: Record<string, Handler> = {
    '/api/summary': () => ({
      title,
      tools: target.tools().length,
      dialects: exportDialects(),
      access: target.access
        ? {
            subjects: target.access.subjects,
            levels: target.access.levels,
            views: target.access.views ?? [],
          }
        : null,
      calls: target.calls !== undefined,
      version: feed.version,
    }),
    '/api/tools': (_r, query) => catalog.list(query),
    '/api/tool': (_r, query) => catalog.detail(query),
    '/api/convert': (_r, query) => convertTool(catalog, query),
  };
  const postRoutes: Record<string, Handler> = {
    '/api/search': async (request) => runSearch(target, await post(request)),
    '/api/policy': async (request) => policyView(target, await post(request)),
    '/api/validate': async (request) => desk.validate(await post(request)),
    '/api/call': async (request) => desk.call(await post(request)),
    '/api/confirm': async (request) => desk.confirm(await post(request)),
    '/api/reject': async (request) => desk.reject(await post(request)),
  };

  let boundPort = port;
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://inspector.invalid');
    const path = url.pathname;
    try {
      checkHost(request, host, boundPort);
      if (request.method === 'GET' && path === '/') {
        send(response, 200, 'text/html; charset=utf-8', renderPage(title));
        return;
      }
      if (request.method === 'GET' && path === '/api/events') {
        feed.open(response);
        return;
      }
      if (request.method === 'GET' && path.startsWith('/assets/')) {
        const asset = assets.get(path.slice('/assets/'.length));
        if (!asset) throw new InspectError('INSPECT_NOT_FOUND', 'no such asset');
        send(response, 200, asset.type, asset.body);
        return;
      }
      const routes = request.method === 'GET' ? get : request.method === 'POST' ? postRoutes : undefined;
      const handler = routes?.[path];
      if (!handler) {
        const known = Object.hasOwn(get, path) || Object.hasOwn(postRoutes, path);
        if (known)
          throw new InspectError('INSPECT_BAD_REQUEST', `${request.method ?? '?'} is not allowed on ${path}`);
        throw new InspectError('INSPECT_NOT_FOUND', `no such endpoint: ${path.slice(0, 200)}`);
      }
      if (request.method === 'POST') checkOrigin(request);
      const query: Record<string, string> = Object.create(null) as Record<string, string>;
      for (const [key, value] of url.searchParams) {
        if (Object.hasOwn(query, key))
          throw new InspectError('INSPECT_BAD_REQUEST', `query parameter "${key}" is repeated`);
        query[key] = value;
      }
      const value = await handler(request, query);
      sendJson(response, 200, JSON.stringify(redactor().scrub(value)));
    } catch (error) {
      const { status, body } = errorBody(error);
      if (status === 500) onError(error);
      if (!response.headersSent) {
        if (status === 413) response.setHeader('connection', 'close');
        sendJson(response, status, JSON.stringify(redactor().scrub(body)));
      }
      // An unread body (refused early) is drained so the client sees the answer rather than a reset.
      if (!request.complete) request.resume();
    }
  };

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  boundPort = (server.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${boundPort}/`,
    host,
    port: boundPort,
    close: () =>
      new Promise<void>((resolve, reject) => {
        feed.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
