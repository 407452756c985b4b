import {
  createServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AuthInfo,
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  isJsonContentType,
} from '@modelcontextprotocol/server';
import { hostHeaderValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { McpError } from '../errors.js';
import type { ToolArsenalMcpServer } from './mcp-server.js';

export interface ListenOptions {
  /** Port; 0 picks a free one. Default 0. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1` (loopback only). */
  host?: string;
  /** Path of the MCP endpoint. Default `/mcp`. */
  path?: string;
  /**
   * Authenticates a request before it reaches the server: return the verified `AuthInfo`
   * (it reaches the policy as the principal), `undefined` for anonymous, or a `Response` to
   * refuse (e.g. `requireBearerAuth({ verifier })` from `@modelcontextprotocol/server`).
   */
  authenticate?: (
    request: Request,
  ) => Promise<AuthInfo | Response | undefined> | AuthInfo | Response | undefined;
  /**
   * Host names accepted in the `Host` header (DNS-rebinding protection). Default: the loopback
   * names when bound to loopback, otherwise no check.
   */
  allowedHosts?: readonly string[];
  /** Path of the health endpoint (GET, no auth, no tool data). Default `/healthz`; `false` turns it off. */
  healthPath?: string | false;
  /**
   * Health of what the server fronts (e.g. per-source status from `@toolarsenal/arsenal`).
   * Default: `{ status: 'ok' }` while the server listens. `down` answers 503.
   */
  health?: () => HealthReport | Promise<HealthReport>;
  onError?: (error: Error) => void;
}

/** The body of the health endpoint. */
export interface HealthReport {
  /** `ok`: everything up; `degraded`: serving, some sources down; `down`: nothing usable (HTTP 503). */
  status: 'ok' | 'degraded' | 'down';
  /** Per-source detail, e.g. `{ name, status, tools, error? }`. */
  sources?: readonly object[];
  [key: string]: unknown;
}

export interface HttpServing {
  /** The endpoint URL, e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: string;
  readonly port: number;
  /**
   * Stops accepting and closes the server. Open connections are ended at once, or with
   * `graceMs` once their request under way is answered (forced at the deadline).
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** Serves a ToolArsenal MCP server with Streamable HTTP on a Node port (both protocol eras). */
export async function listen(
  server: ToolArsenalMcpServer,
  options: ListenOptions = {},
): Promise<HttpServing> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  if (!path.startsWith('/')) throw new McpError('MCP_INVALID_OPTIONS', 'listen: path must start with "/"');
  const healthPath = options.healthPath ?? '/healthz';
  if (
    healthPath !== false &&
    (typeof healthPath !== 'string' || !healthPath.startsWith('/') || healthPath === path)
  )
    throw new McpError(
      'MCP_INVALID_OPTIONS',
      'listen: healthPath must start with "/" and differ from the MCP path (or be false)',
    );
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '::1';
  const hosts = options.allowedHosts ?? (loopback ? LOOPBACK : undefined);
  const validateHost = hosts ? hostHeaderValidation([...hosts]) : undefined;
  const handle = toNodeHandler(server, options.onError ? { onerror: options.onError } : {});

  const http: HttpServer = createServer((req, res) => {
    void route(req, res).catch((error: unknown) => {
      options.onError?.(error as Error);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  const route = async (req: IncomingMessage, res: ServerResponse) => {
    if (validateHost && !validateHost(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (healthPath !== false && url.pathname === healthPath) {
      await answerHealth(req, res, options.health);
      return;
    }
    if (url.pathname !== path) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (options.authenticate) {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const verdict = await options.authenticate(
        new Request(new URL(req.url ?? '/', 'http://localhost'), { method: req.method ?? 'GET', headers }),
      );
      if (verdict instanceof Response) {
        res
          .writeHead(verdict.status, Object.fromEntries(verdict.headers))
          .end(Buffer.from(await verdict.arrayBuffer()));
        return;
      }
      if (verdict) (req as IncomingMessage & { auth?: AuthInfo }).auth = verdict;
    }
    const body = await readJsonBody(req, res);
    if (body === DONE) return;
    await handle(req as IncomingMessage & { auth?: AuthInfo }, res, body);
  };

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}${path}`,
    port,
    close: (closeOptions = {}) =>
      new Promise<void>((resolve) => {
        const grace = closeOptions.graceMs ?? 0;
        let sweep: ReturnType<typeof setInterval> | undefined;
        let force: ReturnType<typeof setTimeout> | undefined;
        http.close(() => {
          clearInterval(sweep);
          clearTimeout(force);
          resolve();
        });
        if (grace <= 0) {
          http.closeAllConnections();
          return;
        }
        // Requests under way finish and get their response; each connection closes once idle.
        http.closeIdleConnections();
        sweep = setInterval(() => http.closeIdleConnections(), 25);
        force = setTimeout(() => http.closeAllConnections(), grace);
      }),
  };
}

const DONE = Symbol('answered');

/**
 * Reads and parses a JSON POST body here, so the SDK gets it as `parsedBody`: without one, its
 * handler tees the request stream to read the body and still forward it, which costs more CPU than
 * the rest of a small call's HTTP handling. Other requests pass through untouched; a body over
 * the SDK's limit or not JSON is answered here as the SDK would (413 / 400 parse error).
 */
async function readJsonBody(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  if (req.method !== 'POST' || !isJsonContentType(req.headers['content-type'] ?? null)) return undefined;
  const refuse = (status: number, code: number, message: string) => {
    res
      .writeHead(status, {
        'content-type': 'application/json',
        ...(status === 413 && { connection: 'close' }),
      })
      .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
    return DONE;
  };
  const tooLarge = () =>
    refuse(
      413,
      -32000,
      `Payload Too Large: Request body must not exceed ${DEFAULT_MAX_REQUEST_BODY_SIZE} bytes`,
    );
  if (Number(req.headers['content-length']) > DEFAULT_MAX_REQUEST_BODY_SIZE) return tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > DEFAULT_MAX_REQUEST_BODY_SIZE) return tooLarge();
    chunks.push(chunk);
  }
  try {
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.length > 0) return JSON.parse(text) as unknown;
  } catch {
    // answered below
  }
  return refuse(400, -32700, 'Parse error: the request body is not valid JSON');
}

async function answerHealth(
  req: IncomingMessage,
  res: ServerResponse,
  health: ListenOptions['health'],
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('method not allowed');
    return;
  }
  let report: HealthReport;
  try {
    report = health ? await health() : { status: 'ok' };
  } catch (error) {
    report = { status: 'down', error: (error as Error)?.message ?? String(error) };
  }
  const body = JSON.stringify(report);
  res
    .writeHead(report.status === 'down' ? 503 : 200, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
    })
    .end(req.method === 'HEAD' ? undefined : body);
}
