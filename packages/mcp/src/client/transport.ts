import {
  type AuthProvider,
  type FetchLike,
  type OAuthClientProvider,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { McpError } from '../errors.js';

/**
 * How to reach one MCP server. A factory, not a transport: every connection attempt (the first
 * and each reconnect) gets a fresh SDK transport from `create()`. Build one with `http()` (this
 * module) or `stdio()` from `@toolarsenal/mcp/stdio`, or wrap any SDK `Transport`.
 */
export interface McpTransport {
  /** `http`, `stdio`, or your own kind. */
  readonly kind: string;
  /** Shown in errors and status: a command name or URL without credentials. */
  readonly label: string;
  create(): Transport | Promise<Transport>;
  /** A second transport to try when `create()`'s fails to connect (HTTP+SSE for old servers). */
  fallback?(): Transport | Promise<Transport>;
}

export interface HttpTransportOptions {
  /** Extra headers sent with every request (API keys…). Never logged. */
  headers?: Record<string, string>;
  /** Bearer-token or OAuth provider, passed through to the SDK transport. */
  authProvider?: AuthProvider | OAuthClientProvider;
  /** Custom fetch (proxies, tests). */
  fetch?: FetchLike;
  /**
   * Try the deprecated HTTP+SSE transport (protocol 2024-11-05) when Streamable HTTP fails to
   * connect, as the SDK documents for old servers. Default true.
   */
  sseFallback?: boolean;
}

/** A Streamable HTTP server (both protocol eras), falling back to HTTP+SSE for old servers. */
export function http(url: string | URL, options: HttpTransportOptions = {}): McpTransport {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new McpError('MCP_INVALID_OPTIONS', `http(): ${JSON.stringify(String(url))} is not a URL`, {
      cause: error,
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new McpError(
      'MCP_INVALID_OPTIONS',
      `http(): the URL must use http: or https:, got ${JSON.stringify(parsed.protocol)}`,
    );
  }
  const requestInit: RequestInit | undefined = options.headers
    ? { headers: { ...options.headers } }
    : undefined;
  const common = {
    ...(requestInit ? { requestInit } : {}),
    ...(options.authProvider ? { authProvider: options.authProvider } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const transport: McpTransport = {
    kind: 'http',
    label: `${parsed.origin}${parsed.pathname}`,
    create: () => new StreamableHTTPClientTransport(parsed, common),
  };
  if (options.sseFallback !== false) {
    return {
      ...transport,
      fallback: () =>
        new SSEClientTransport(parsed, {
          ...(requestInit ? { requestInit } : {}),
          ...(options.authProvider ? { authProvider: options.authProvider } : {}),
          ...(options.fetch ? { fetch: options.fetch } : {}),
        }),
    };
  }
  return transport;
}

/** Wraps a transport factory of your own (in-memory pairs, WebSockets…). */
export function customTransport(
  kind: string,
  label: string,
  create: () => Transport | Promise<Transport>,
): McpTransport {
  return { kind, label, create };
}
