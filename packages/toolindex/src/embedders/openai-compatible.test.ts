import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmbedderError } from './errors.js';
import { createOpenAICompatibleEmbedder } from './openai-compatible.js';

type Behaviour = (req: IncomingMessage, body: Record<string, unknown>, res: ServerResponse) => void;

interface Recorded {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** A real HTTP server on 127.0.0.1 speaking the OpenAI `/embeddings` API; each test sets its behaviour. */
let server: Server;
let baseURL: string;
let behaviour: Behaviour;
let requests: Recorded[];

const DIMS = 4;

/** Deterministic vector for a text, so tests can check order. */
function vectorFor(text: string, dims = DIMS): number[] {
  return Array.from({ length: dims }, (_, k) => (text.length + k) / 10);
}

const ok: Behaviour = (_req, body, res) => {
  const input = body.input as string[];
  const data = input.map((text, index) => ({ object: 'embedding', index, embedding: vectorFor(text) }));
  // Shuffle to prove the client orders by `index`, as the API allows.
  data.reverse();
  send(res, 200, { object: 'list', data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } });
};

function send(
  res: ServerResponse,
  status: number,
  json: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof json === 'string' ? json : JSON.stringify(json));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      behaviour(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  behaviour = ok;
  requests = [];
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (EmbedderError.isInstance(error)) return error.code;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('createOpenAICompatibleEmbedder against a local /embeddings server', () => {
  it('embeds, sends model + auth, orders by index', async () => {
    const embedder = createOpenAICompatibleEmbedder({
      baseURL,
      model: 'nomic-embed-text',
      dimensions: DIMS,
      apiKey: 'sk-secret',
    });
    const vectors = await embedder.embed(['a', 'bbb']);
    expect(vectors.map((v) => Array.from(v))).toEqual(
      [vectorFor('a'), vectorFor('bbb')].map((v) => Array.from(Float32Array.from(v))),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]?.path).toBe('/v1/embeddings');
    expect(requests[0]?.headers.authorization).toBe('Bearer sk-secret');
    expect(requests[0]?.body).toMatchObject({
      model: 'nomic-embed-text',
      input: ['a', 'bbb'],
      encoding_format: 'float',
    });
    expect(requests[0]?.body.dimensions).toBeUndefined();
    expect(embedder.id).toBe('openai-compatible:nomic-embed-text@4');
    expect(JSON.stringify(embedder)).not.toContain('sk-secret');
  });

  it('splits into batches of batchSize and keeps order', async () => {
    const embedder = createOpenAICompatibleEmbedder({ baseURL, model: 'm', dimensions: DIMS, batchSize: 2 });
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
    const vectors = await embedder.embed(texts);
    expect(requests.map((r) => (r.body.input as string[]).length)).toEqual([2, 2, 1]);
    expect(vectors.map((v) => v[0])).toEqual(texts.map((t) => Math.fround(t.length / 10)));
  });

  it('keeps an Azure-style query string, sends custom headers and requested dimensions', async () => {
    const embedder = createOpenAICompatibleEmbedder({
      baseURL: `${baseURL}/deployments/emb?api-version=2024-02-01`,
      model: 'emb',
      dimensions: DIMS,
      requestDimensions: true,
      headers: { 'api-key': 'azure-key' },
    });
    await embedder.embed(['x']);
    expect(requests[0]?.path).toBe('/v1/deployments/emb/embeddings?api-version=2024-02-01');
    expect(requests[0]?.headers['api-key']).toBe('azure-key');
    expect(requests[0]?.body.dimensions).toBe(DIMS);
  });

  it('401 fails at once with EMBEDDER_HTTP and never leaks the key', async () => {
    behaviour = (_req, _body, res) => send(res, 401, { error: { message: 'Incorrect API key provided' } });
    const embedder = createOpenAICompatibleEmbedder({
      baseURL,
      model: 'm',
      dimensions: DIMS,
      apiKey: 'sk-very-secret',
    });
    const error = await embedder.embed(['x']).catch((e: unknown) => e);
    expect(EmbedderError.isInstance(error)).toBe(true);
    expect((error as EmbedderError).code).toBe('EMBEDDER_HTTP');
    expect((error as EmbedderError).status).toBe(401);
    expect((error as EmbedderError).message).toContain('Incorrect API key');
    expect((error as EmbedderError).message).not.toContain('sk-very-secret');
    expect(requests).toHaveLength(1);
  });

  it('retries 429 (honouring Retry-After) and 503, then succeeds', async () => {
    let calls = 0;
    behaviour = (req, body, res) => {
      calls++;
      if (calls === 1) return send(res, 429, { error: { message: 'rate limited' } }, { 'retry-after': '0' });
      if (calls === 2) return send(res, 503, 'busy');
      return ok(req, body, res);
    };
    const embedder = createOpenAICompatibleEmbedder({
      baseURL,
      model: 'm',
      dimensions: DIMS,
      retryDelayMs: 1,
    });
    const vectors = await embedder.embed(['abc']);
    expect(vectors).toHaveLength(1);
    expect(calls).toBe(3);
  });

  it('gives up after maxRetries with the last HTTP error', async () => {
    behaviour = (_req, _body, res) => send(res, 500, { error: { message: 'boom' } });
    const embedder = createOpenAICompatibleEmbedder({
      baseURL,
      model: 'm',
      dimensions: DIMS,
      maxRetries: 2,
      retryDelayMs: 1,
    });
    expect(await codeOf(embedder.embed(['x']))).toBe('EMBEDDER_HTTP');
    expect(requests).toHaveLength(3);
  });

  it('malformed JSON → EMBEDDER_BAD_RESPONSE', async () => {
    behaviour = (_req, _body, res) => send(res, 200, '{"data": [');
    const embedder = createOpenAICompatibleEmbedder({ baseURL, model: 'm', dimensions: DIMS });
    expect(await codeOf(embedder.embed(['x']))).toBe('EMBEDDER_BAD_RESPONSE');
  });

  it('missing data, wrong count, non-numeric values → typed errors', async () => {
    const embedder = createOpenAICompatibleEmbedder({ baseURL, model: 'm', dimensions: DIMS, maxRetries: 0 });
    behaviour = (_req, _body, res) => send(res, 200, { object: 'list' });
    expect(await codeOf(embedder.embed(['x']))).toBe('EMBEDDER_BAD_RESPONSE');
    behaviour = (_req, _body, res) => send(res, 200, { data: [] });
    expect(await codeOf(embedder.embed(['x']))).toBe('EMBEDDER_BAD_RESPONSE');
    behaviour = (_req, _body, res) => send(res, 200, { data: [{ index: 0, embedding: [1, null, 'x', 2] }] });
    expect(await codeOf(embedder.embed(['x']))).toBe('EMBEDDER_INVALID_VECTOR');
  });

  it('wrong dimensions → EMBEDDER_INVALID_VECTOR', async () => {
    behaviour = (_req, body, res) =>
      send(res, 200, {
        data: (body.input as string[]).map((t, index) => ({ index, embedding: vectorFor(t, DIMS + 1) })),
      });
    const embedder = createOpenAICompatibleEmbedder({ baseURL, model: 'm', dimensions: DIMS });
    expect(await codeOf(embedder.embed(['x']))).toBe('EMBEDDER_INVALID_VECTOR');
  });

  it('abort while the server is slow → EMBEDDER_ABORTED promptly', async () => {
    behaviour = (req, body, res) => {
      const timer = setTimeout(() => ok(req, body, res), 5_000);
      res.on('close', () => clearTimeout(timer));
    };
    const embedder = createOpenAICompatibleEmbedder({ baseURL, model: 'm', dimensions: DIMS });
    const controller = new AbortController();
    // Had the abort been ignored, the server's answer (5 s later) would resolve the call instead.
    const pending = embedder.embed(['x'], { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await codeOf(pending)).toBe('EMBEDDER_ABORTED');
    expect(await codeOf(embedder.embed(['x'], { signal: AbortSignal.abort() }))).toBe('EMBEDDER_ABORTED');
  });

  it('abort during a Retry-After wait → EMBEDDER_ABORTED without waiting it out', async () => {
    behaviour = (_req, _body, res) =>
      send(res, 429, { error: { message: 'slow down' } }, { 'retry-after': '20' });
    const embedder = createOpenAICompatibleEmbedder({ baseURL, model: 'm', dimensions: DIMS });
    const controller = new AbortController();
    const pending = embedder.embed(['x'], { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await codeOf(pending)).toBe('EMBEDDER_ABORTED');
    expect(requests).toHaveLength(1);
    // Hang guard, not a speed bound: waiting the 20 s Retry-After out would overrun this test's timeout.
  }, 15_000);

  it('per-request timeout → EMBEDDER_TIMEOUT after bounded retries', async () => {
    behaviour = (req, body, res) => {
      const timer = setTimeout(() => ok(req, body, res), 5_000);
      res.on('close', () => clearTimeout(timer));
    };
    const embedder = createOpenAICompatibleEmbedder({
      baseURL,
      model: 'm',
      dimensions: DIMS,
      timeoutMs: 50,
      maxRetries: 1,
      retryDelayMs: 1,
    });
    expect(await codeOf(embedder.embed(['x']))).toBe('EMBEDDER_TIMEOUT');
    expect(requests).toHaveLength(2);
  });

  it('connection refused → EMBEDDER_NETWORK', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const embedder = createOpenAICompatibleEmbedder({
      baseURL: `http://127.0.0.1:${port}/v1`,
      model: 'm',
      dimensions: DIMS,
      maxRetries: 0,
    });
    expect(await codeOf(embedder.embed(['x']))).toBe('EMBEDDER_NETWORK');
  });

  it('validates options', () => {
    const bad = (options: Parameters<typeof createOpenAICompatibleEmbedder>[0]): string => {
      try {
        createOpenAICompatibleEmbedder(options);
      } catch (error) {
        return EmbedderError.isInstance(error) ? error.code : 'other';
      }
      return 'none';
    };
    expect(bad({ baseURL: 'not a url', model: 'm', dimensions: 4 })).toBe('EMBEDDER_INVALID_OPTION');
    expect(bad({ baseURL: 'ftp://x/v1', model: 'm', dimensions: 4 })).toBe('EMBEDDER_INVALID_OPTION');
    expect(bad({ baseURL, model: '', dimensions: 4 })).toBe('EMBEDDER_INVALID_OPTION');
    expect(bad({ baseURL, model: 'unknown-model' })).toBe('EMBEDDER_INVALID_OPTION');
    expect(bad({ baseURL, model: 'm', dimensions: 0 })).toBe('EMBEDDER_INVALID_OPTION');
    expect(bad({ baseURL, model: 'm', dimensions: 4, batchSize: 1.5 })).toBe('EMBEDDER_INVALID_OPTION');
    expect(createOpenAICompatibleEmbedder({ baseURL, model: 'text-embedding-3-small' }).dimensions).toBe(
      1536,
    );
  });
});
