import { raceAbort } from './abort.js';
import type { Embedder, EmbedOptions } from './embedder.js';
import { EmbedderError, throwIfAborted } from './errors.js';
import { assertTexts, assertVectors, positiveInt } from './validate.js';

export interface OpenAICompatibleEmbedderOptions {
  /** API root, e.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1` (Ollama), an Azure deployment URL. A query string (Azure `api-version`) is kept. */
  baseURL: string;
  /** Model (or Azure deployment) name sent as `model`. */
  model: string;
  /** Sent as `Authorization: Bearer …`; never logged, never part of an error message or of `id`. */
  apiKey?: string;
  /** Expected vector length. Required unless `model` is a known OpenAI embedding model. */
  dimensions?: number;
  /** Also send `dimensions` in the request (OpenAI text-embedding-3 models can shorten vectors). Default false. */
  requestDimensions?: boolean;
  /** Extra headers, e.g. `{ 'api-key': … }` for Azure. */
  headers?: Record<string, string>;
  /** Texts per request. Default 64. */
  batchSize?: number;
  /** Per-request timeout in ms. Default 30,000. */
  timeoutMs?: number;
  /** Retries after a 408/429/5xx answer, a timeout or a network failure. Default 3. */
  maxRetries?: number;
  /** First retry delay in ms, doubled each time (a `Retry-After` header wins, capped at 30 s). Default 500. */
  retryDelayMs?: number;
  /** Largest accepted response body in bytes. Default 64 MiB. */
  maxResponseBytes?: number;
  /** `fetch` implementation; default the global one. */
  fetch?: typeof globalThis.fetch;
  /** Overrides the embedder id (default `openai-compatible:<model>@<dimensions>`). */
  id?: string;
}

const KNOWN_DIMENSIONS: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MAX_RETRY_AFTER_MS = 30_000;

/**
 * An {@link Embedder} for any endpoint speaking the OpenAI `/embeddings` API (OpenAI, Azure OpenAI,
 * Ollama, vLLM, LM Studio, llama.cpp server…). Batches, retries 408/429/5xx a bounded number of
 * times, enforces a timeout and the caller's AbortSignal, and validates every vector.
 */
export function createOpenAICompatibleEmbedder(options: OpenAICompatibleEmbedderOptions): Embedder {
  const url = embeddingsUrl(options.baseURL);
  if (typeof options.model !== 'string' || options.model.trim() === '') {
    throw new EmbedderError('EMBEDDER_INVALID_OPTION', 'model must be a non-empty string');
  }
  const model = options.model;
  const dimensions = positiveInt('dimensions', options.dimensions ?? KNOWN_DIMENSIONS[model], 0, 65_536);
  if (dimensions === 0) {
    throw new EmbedderError(
      'EMBEDDER_INVALID_OPTION',
      `dimensions is required for model ${JSON.stringify(model)} (known defaults: ${Object.keys(KNOWN_DIMENSIONS).join(', ')})`,
    );
  }
  const batchSize = positiveInt('batchSize', options.batchSize, 64, 10_000);
  const timeoutMs = positiveInt('timeoutMs', options.timeoutMs, 30_000);
  const maxRetries = options.maxRetries === 0 ? 0 : positiveInt('maxRetries', options.maxRetries, 3, 20);
  const retryDelayMs =
    options.retryDelayMs === 0 ? 0 : positiveInt('retryDelayMs', options.retryDelayMs, 500, 60_000);
  const maxResponseBytes = positiveInt('maxResponseBytes', options.maxResponseBytes, 64 * 1024 * 1024);
  const doFetch = options.fetch ?? globalThis.fetch;
  if (typeof doFetch !== 'function') {
    throw new EmbedderError('EMBEDDER_INVALID_OPTION', 'fetch is not available: pass options.fetch');
  }
  const headers = buildHeaders(options.headers, options.apiKey);
  const id = options.id ?? `openai-compatible:${model}@${dimensions}`;
  const identity = { id, dimensions };

  async function post(batch: readonly string[], signal: AbortSignal | undefined): Promise<Float32Array[]> {
    const body = JSON.stringify({
      model,
      input: batch,
      encoding_format: 'float',
      ...(options.requestDimensions === true ? { dimensions } : {}),
    });
    for (let attempt = 0; ; attempt++) {
      throwIfAborted(signal);
      let retryAfterMs: number | undefined;
      let failure: EmbedderError;
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
      try {
        const response = await doFetch(url, { method: 'POST', headers, body, signal: combined });
        const text = await readBody(response, maxResponseBytes);
        if (response.ok) return parseEmbeddings(text, batch.length, identity);
        failure = new EmbedderError(
          'EMBEDDER_HTTP',
          `POST ${redactUrl(url)} answered ${response.status} ${response.statusText}${errorDetail(text)}`,
          { status: response.status },
        );
        if (!RETRYABLE.has(response.status)) throw failure;
        retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      } catch (error) {
        if (signal?.aborted)
          throw new EmbedderError('EMBEDDER_ABORTED', 'Embedding was aborted', { cause: signal.reason });
        if (EmbedderError.isInstance(error)) {
          if (error.code !== 'EMBEDDER_HTTP') throw error;
          failure = error;
          if (!RETRYABLE.has(error.status ?? 0)) throw error;
        } else if (timeout.aborted) {
          failure = new EmbedderError(
            'EMBEDDER_TIMEOUT',
            `POST ${redactUrl(url)} timed out after ${timeoutMs} ms`,
            {
              cause: error,
            },
          );
        } else {
          failure = new EmbedderError(
            'EMBEDDER_NETWORK',
            `POST ${redactUrl(url)} failed: ${messageOf(error)}`,
            {
              cause: error,
            },
          );
        }
      }
      if (attempt >= maxRetries) throw failure;
      const delay = retryAfterMs ?? retryDelayMs * 2 ** attempt;
      await sleep(delay, signal);
    }
  }

  return {
    id,
    dimensions,
    async embed(texts: readonly string[], embedOptions: EmbedOptions = {}): Promise<Float32Array[]> {
      assertTexts(texts);
      const { signal } = embedOptions;
      throwIfAborted(signal);
      const out: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize);
        out.push(...(await raceAbort(post(batch, signal), signal)));
      }
      return out;
    },
  };
}

function embeddingsUrl(baseURL: unknown): URL {
  if (typeof baseURL !== 'string') {
    throw new EmbedderError(
      'EMBEDDER_INVALID_OPTION',
      'baseURL must be a string such as "https://api.openai.com/v1"',
    );
  }
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch (error) {
    throw new EmbedderError(
      'EMBEDDER_INVALID_OPTION',
      `baseURL is not a valid URL: ${JSON.stringify(baseURL)}`,
      {
        cause: error,
      },
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EmbedderError('EMBEDDER_INVALID_OPTION', `baseURL must use http or https, got ${url.protocol}`);
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/embeddings`;
  return url;
}

function buildHeaders(extra: Record<string, string> | undefined, apiKey: string | undefined): Headers {
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json' });
  if (extra !== undefined) {
    for (const [name, value] of Object.entries(extra)) {
      if (typeof value !== 'string') {
        throw new EmbedderError(
          'EMBEDDER_INVALID_OPTION',
          `headers[${JSON.stringify(name)}] must be a string`,
        );
      }
      headers.set(name, value);
    }
  }
  if (apiKey !== undefined) {
    if (typeof apiKey !== 'string' || apiKey === '') {
      throw new EmbedderError('EMBEDDER_INVALID_OPTION', 'apiKey must be a non-empty string when given');
    }
    headers.set('authorization', `Bearer ${apiKey}`);
  }
  return headers;
}

async function readBody(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new EmbedderError(
      'EMBEDDER_BAD_RESPONSE',
      `Response of ${declared} bytes exceeds maxResponseBytes (${maxBytes})`,
    );
  }
  const buffer = await response.arrayBuffer();
  if (buffer.byteLength > maxBytes) {
    throw new EmbedderError(
      'EMBEDDER_BAD_RESPONSE',
      `Response of ${buffer.byteLength} bytes exceeds maxResponseBytes (${maxBytes})`,
    );
  }
  return new TextDecoder().decode(buffer);
}

function parseEmbeddings(
  text: string,
  expected: number,
  identity: { id: string; dimensions: number },
): Float32Array[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new EmbedderError('EMBEDDER_BAD_RESPONSE', `Response is not JSON${errorDetail(text)}`, {
      cause: error,
    });
  }
  const data = isRecord(json) ? json.data : undefined;
  if (!Array.isArray(data)) {
    throw new EmbedderError('EMBEDDER_BAD_RESPONSE', 'Response has no "data" array');
  }
  if (data.length !== expected) {
    throw new EmbedderError(
      'EMBEDDER_BAD_RESPONSE',
      `Response has ${data.length} embeddings for ${expected} inputs`,
    );
  }
  const vectors: Float32Array[] = new Array(expected);
  for (let i = 0; i < data.length; i++) {
    const item: unknown = data[i];
    if (!isRecord(item) || !Array.isArray(item.embedding)) {
      throw new EmbedderError('EMBEDDER_BAD_RESPONSE', `data[${i}].embedding is not an array of numbers`);
    }
    const index = item.index === undefined ? i : item.index;
    if (
      typeof index !== 'number' ||
      !Number.isInteger(index) ||
      index < 0 ||
      index >= expected ||
      vectors[index] !== undefined
    ) {
      throw new EmbedderError(
        'EMBEDDER_BAD_RESPONSE',
        `data[${i}].index is invalid or repeated: ${String(index)}`,
      );
    }
    const embedding = item.embedding as unknown[];
    const vector = new Float32Array(embedding.length);
    for (let j = 0; j < embedding.length; j++) {
      const value = embedding[j];
      // null/strings would silently become 0/NaN in a Float32Array: reject them here.
      vector[j] = typeof value === 'number' ? value : Number.NaN;
    }
    vectors[index] = vector;
  }
  return assertVectors(identity, expected, vectors);
}

function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(value);
  if (Number.isFinite(date)) return Math.min(Math.max(0, date - Date.now()), MAX_RETRY_AFTER_MS);
  return undefined;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  throwIfAborted(signal);
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new EmbedderError('EMBEDDER_ABORTED', 'Embedding was aborted', { cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Error body excerpt (APIs put the reason there); bounded and single-line. */
function errorDetail(text: string): string {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (trimmed === '') return '';
  return `: ${trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed}`;
}

/** Drops credentials that may sit in the URL (userinfo, key-like query parameters) before it reaches a message. */
function redactUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  for (const name of [...copy.searchParams.keys()]) {
    if (/key|token|secret|sig/i.test(name)) copy.searchParams.set(name, 'REDACTED');
  }
  return copy.href;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
