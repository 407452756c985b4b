import {
  combineRedactors,
  createRedactor,
  createSafeClient,
  type FetchLike,
  isIpLiteral,
  NetError,
  type Redactor,
  resolveChecked,
  type Resolver,
  type SafeClient,
  type SafeResponse,
  systemResolver,
} from '@toolarsenal/net';
import type { JsonObject, Tool } from '@toolarsenal/toolmodel';
import type { ExecutionRequest, Executor } from '@toolarsenal/toolrun';
import type { HttpSourceMeta } from '../source-meta.js';
import { applyAuth, type AppliedAuth, checkCredentials, type Credential, type TokenSource } from './auth.js';
import { resolveBaseUrl } from './base-url.js';
import { buildRequest, type PreparedRequest } from './build-request.js';
import { HttpCallError } from './errors.js';
import { checkFileAccess, type FileAccess, readFileArguments } from './file-arguments.js';
import { createTokenCache } from './oauth2.js';
import { readResponse } from './read-response.js';
import { readHttpMeta } from './tool-meta.js';

/** How long after the runner's deadline the HTTP client gives up on its own (see `send`). */
const DEADLINE_GRACE_MS = 1_000;

export interface HttpExecutorOptions {
  /** Replaces the document's servers for every tool (a per-source override). */
  baseUrl?: string | undefined;
  /** Values for `{variables}` in server URLs (else their declared defaults). */
  serverVariables?: Record<string, string> | undefined;
  /** Credentials by security scheme name (the document's `securitySchemes` keys). */
  auth?: Record<string, Credential | undefined> | undefined;
  /**
   * Hosts calls may reach (`host` / `host:port`, globs allowed; see @toolarsenal/net). Default: the
   * host of each tool's base URL and its token URLs — public addresses only. Private, loopback and
   * link-local addresses are reached only through an exact entry here.
   */
  allowedHosts?: readonly string[] | undefined;
  /** Send through this fetch (checked before each call, but not pinned; see @toolarsenal/net). */
  fetch?: FetchLike | undefined;
  /** Deadline of one call in ms (toolrun's own deadline applies too). Default 30,000. */
  timeoutMs?: number | undefined;
  /** Response bodies are cut at this size. Default 10 MiB. */
  maxResponseBytes?: number | undefined;
  /** Redirects followed within the allowed hosts. Default 5. */
  maxRedirects?: number | undefined;
  /** Headers sent with every call (e.g. a User-Agent); parameters of the same name win. */
  headers?: Record<string, string> | undefined;
  /** Host name resolution (tests, custom DNS); every answer is checked. */
  resolver?: Resolver | undefined;
  /**
   * Lets binary body parts name a file instead of carrying base64: `"@<path>"`, read only inside
   * `roots` (symbolic links resolved first), at most `maxFileBytes` (default 50 MiB). Default: no
   * file is ever read.
   */
  files?: FileAccess | undefined;
  /** The `tool.source` served. Default `openapi`. */
  source?: string | undefined;
}

/** A toolrun executor for tools imported by `importOpenApi`. */
export interface HttpExecutor extends Executor {
  /**
   * The request a call would send, without sending it (OAuth2 tokens not fetched: a placeholder
   * stands in). `arguments` must already be valid for the tool. The URL is checked against the
   * host policy (NetError when refused); with `resolve`, the host name is resolved and its
   * addresses checked too.
   */
  prepare(tool: Tool, args: JsonObject, options?: { resolve?: boolean }): Promise<PreparedRequest>;
  /** Masks every secret of a prepared request (for logs and dry runs). */
  redactor(prepared: PreparedRequest): Redactor;
  close(): Promise<void>;
}

/** Where a dry run shows a token that would be fetched. */
const TOKEN_PLACEHOLDER = '<access token>';

export function createHttpExecutor(options: HttpExecutorOptions = {}): HttpExecutor {
  const credentials = checkCredentials(options.auth);
  checkFileAccess(options.files);
  const baseRedactor = createRedactor(Object.values(credentials).flatMap(secretsOf));
  const clients = new Map<string, SafeClient>();
  const clientFor = (hosts: readonly string[] | undefined, exact: boolean) => {
    const key = JSON.stringify([hosts ?? null, exact]);
    let client = clients.get(key);
    if (!client) {
      client = createSafeClient({
        allowedHosts: hosts,
        trustExactHosts: exact,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
        maxResponseBytes: options.maxResponseBytes,
        maxRedirects: options.maxRedirects,
        resolver: options.resolver,
        redact: baseRedactor,
      });
      clients.set(key, client);
    }
    return client;
  };
  const maxBytes = options.maxResponseBytes ?? 10 * 1024 * 1024;
  // Bad options (allow-list entries, limits) fail here, not at the first call.
  clientFor(options.allowedHosts, options.allowedHosts !== undefined);

  const policyFor = (meta: HttpSourceMeta, baseUrl: string) => {
    if (options.allowedHosts !== undefined) return clientFor(options.allowedHosts, true);
    const hosts = new Set([new URL(baseUrl).host]);
    for (const scheme of Object.values(meta.securitySchemes ?? {})) {
      for (const url of [scheme.tokenUrl, scheme.openIdConnectUrl]) {
        if (!url) continue;
        try {
          hosts.add(new URL(url).host);
        } catch {
          // an unusable token URL fails when it is used, with its own message
        }
      }
    }
    return clientFor([...hosts].sort(), false);
  };

  const tokenCache = createTokenCache();

  async function prepare(tool: Tool, args: JsonObject, dryRun: boolean) {
    const meta = readHttpMeta(tool);
    const baseUrl = resolveBaseUrl(tool, meta, options.baseUrl, options.serverVariables);
    const client = policyFor(meta, baseUrl);
    const tokens: TokenSource = dryRun
      ? async () => TOKEN_PLACEHOLDER
      : (name, scheme, c) => tokenCache.source(name, scheme, c, (r) => client.request(r));
    const auth = await applyAuth(meta.security, meta.securitySchemes, credentials, tokens, tool.name);
    const withFiles = await readFileArguments(args, meta.body, options.files);
    const prepared = buildRequest(tool, meta, withFiles, baseUrl, auth, options.headers ?? {});
    return { client, auth, prepared };
  }

  async function send(
    client: SafeClient,
    prepared: PreparedRequest,
    auth: AppliedAuth,
    request: ExecutionRequest,
  ) {
    const remaining = request.deadline - Date.now();
    const own = options.timeoutMs;
    return client.request({
      url: prepared.url,
      method: prepared.method,
      headers: prepared.headers,
      body: prepared.body,
      signal: request.signal,
      sensitiveHeaders: Object.keys(auth.headers),
      // The runner enforces its deadline itself (status "timeout") and aborts the request then.
      // A client timer for that same instant raced it and sometimes won (a NET_TIMEOUT failure
      // under load), so the client's timer only backs the deadline up, a moment later.
      ...(Number.isFinite(remaining) && remaining > 0
        ? { timeoutMs: own !== undefined && own < remaining ? own : remaining + DEADLINE_GRACE_MS }
        : {}),
    });
  }

  return {
    source: options.source ?? 'openapi',
    canExecute(tool) {
      try {
        readHttpMeta(tool);
        return true;
      } catch {
        return false;
      }
    },
    async execute(request) {
      let { client, auth, prepared } = await prepare(request.tool, request.arguments, false);
      let redact = combineRedactors(baseRedactor, createRedactor(prepared.secrets));
      try {
        let response: SafeResponse = await send(client, prepared, auth, request);
        if (response.status === 401 && auth.fetchedTokens.length > 0) {
          // The token may have been revoked or expired early: fetch a new one, once.
          for (const name of auth.fetchedTokens) tokenCache.invalidate(name);
          ({ client, auth, prepared } = await prepare(request.tool, request.arguments, false));
          redact = combineRedactors(redact, createRedactor(prepared.secrets));
          response = await send(client, prepared, auth, request);
        }
        return readResponse(response, maxBytes, redact);
      } catch (error) {
        throw scrub(error, redact);
      }
    },
    async prepare(tool, args, check = {}) {
      const { client, prepared } = await prepare(tool, args, true);
      const url = new URL(prepared.url);
      client.policy.checkUrl(url);
      if (check.resolve && !isIpLiteral(url.hostname))
        await resolveChecked(url.hostname, client.policy, options.resolver ?? systemResolver);
      return prepared;
    },
    redactor: (prepared) => combineRedactors(baseRedactor, createRedactor(prepared.secrets)),
    async close() {
      const all = [...clients.values()];
      clients.clear();
      await Promise.all(all.map((c) => c.close()));
    },
  };
}

function secretsOf(credential: Credential): string[] {
  if (typeof credential === 'string') return [credential];
  return Object.entries(credential)
    .filter(
      ([key, value]) =>
        typeof value === 'string' &&
        key !== 'clientId' &&
        key !== 'username' &&
        key !== 'tokenUrl' &&
        key !== 'audience' &&
        key !== 'clientAuth',
    )
    .map(([, value]) => value as string);
}

/** Errors leave the executor with secrets masked (a fetched token is only known per call). */
function scrub(error: unknown, redact: Redactor): unknown {
  if (NetError.isInstance(error)) {
    const details =
      error.details === undefined
        ? {}
        : { details: JSON.parse(redact(JSON.stringify(error.details))) as Record<string, unknown> };
    return new NetError(error.code, redact(error.message), details);
  }
  if (HttpCallError.isInstance(error)) {
    const options: ConstructorParameters<typeof HttpCallError>[2] = { retryable: error.retryable };
    if (error.retryAfterMs !== undefined) options.retryAfterMs = error.retryAfterMs;
    if (error.status !== undefined) options.status = error.status;
    if (error.details !== undefined)
      options.details = JSON.parse(redact(JSON.stringify(error.details))) as Record<string, unknown>;
    return new HttpCallError(error.code, redact(error.message), options);
  }
  return error;
}
