import {
  createArgumentValidator,
  type JsonObject,
  type Tool,
  validateArguments,
} from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
// The schema-driven arbitrary lives with tooladapter's test fixtures (one home).
import { arbitraryFromSchema } from '../../../tooladapter/src/test-fixtures/arbitrary-from-schema.js';
import { importOpenApi } from '../import-openapi.js';
import type { HttpSourceMeta } from '../source-meta.js';
import { spec } from '../test-fixtures/corpus.js';
import { startServer, type TestServer } from '../../../net/src/test-fixtures/server.js';
import type { Credential } from './auth.js';
import { createHttpExecutor, type HttpExecutor } from './executor.js';
import { formatRequest } from './format-request.js';

const SECRET = 'corpus-secret-value-1234';
const outputs = createArgumentValidator();
const executors: HttpExecutor[] = [];
afterAll(async () => {
  await Promise.all(executors.map((e) => e.close()));
});

/** A credential of the right kind for every security scheme the tools name. */
function credentialsFor(tools: Tool[]): Record<string, Credential> {
  const out: Record<string, Credential> = {};
  for (const tool of tools) {
    for (const [name, scheme] of Object.entries(meta(tool).securitySchemes ?? {})) {
      if (scheme.type === 'apiKey') out[name] = { apiKey: SECRET };
      else if (scheme.type === 'http' && scheme.scheme === 'basic')
        out[name] = { username: 'u', password: SECRET };
      else out[name] = { token: SECRET };
    }
  }
  return out;
}

const meta = (tool: Tool) => (tool.sourceMeta as unknown as { openapi: HttpSourceMeta }).openapi;

/**
 * Valid arguments from the tool's input schema. `contentEncoding: base64` is only an annotation to
 * a validator, so such strings get a base64 pattern here: the executor decodes them (file parts,
 * binary bodies) and refuses text that is not base64.
 */
function validSamples(tool: Tool, count: number, seed: number): JsonObject[] {
  const schema = withBase64Patterns(tool.inputSchema);
  const samples = fc.sample(arbitraryFromSchema(schema, { maxDepth: 3, maxItems: 2 }), {
    numRuns: count * 4,
    seed,
  });
  return samples.filter((s) => validateArguments(tool, s).valid).slice(0, count) as JsonObject[];
}

function withBase64Patterns(node: unknown, depth = 0): unknown {
  if (depth > 64 || node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => withBase64Patterns(n, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = withBase64Patterns(v, depth + 1);
  if (depth === 0 && typeof out.properties === 'object' && out.properties !== null) {
    // Header values travel as written: keep generated ones to visible ASCII (non-ASCII is refused, see executor tests).
    const props = out.properties as Record<string, unknown>;
    if (props.header) props.header = asciiStrings(props.header);
  }
  if (out.contentEncoding === 'base64' && out.pattern === undefined) out.pattern = '^(?:[A-Za-z0-9+/]{4})*$';
  return out;
}

function asciiStrings(node: unknown, depth = 0): unknown {
  if (depth > 32 || node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => asciiStrings(n, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = asciiStrings(v, depth + 1);
  if (
    out.type === 'string' &&
    out.pattern === undefined &&
    out.enum === undefined &&
    out.format === undefined
  )
    out.pattern = '^[a-zA-Z0-9 ._-]*$';
  return out;
}

/** Values no request can carry as declared: refused with a typed error naming the argument. */
const UNREPRESENTABLE = /must not be empty|characters outside ASCII|line breaks and control characters/;

const DRY_RUN_DOCS = [
  { file: 'openapi-3.0/stripe-spec3.yaml', baseUrl: undefined },
  { file: 'openapi-3.1/openai-openapi.yaml', baseUrl: undefined },
  { file: 'openapi-3.1/discord-openapi.json', baseUrl: undefined },
  { file: 'swagger-2.0/swagger-petstore.json', baseUrl: undefined },
  { file: 'swagger-2.0/petstore-separate/spec/swagger.yaml', baseUrl: 'https://petstore.example' },
  { file: 'openapi-3.1/redoc-demo-petstore-3.1.yaml', baseUrl: undefined },
  { file: 'invalid/redoc-demo-petstore-3.0.yaml', baseUrl: undefined },
];

describe('every operation of the real documents makes a well-formed request (dry run, generated valid arguments)', () => {
  it.each(DRY_RUN_DOCS)('$file', async ({ file, baseUrl }) => {
    const { tools } = await importOpenApi(spec(file));
    expect(tools.length).toBeGreaterThan(0);
    const executor = createHttpExecutor({ auth: credentialsFor(tools), ...(baseUrl ? { baseUrl } : {}) });
    executors.push(executor);
    let requests = 0;
    const noSample: string[] = [];
    const noRequest: string[] = [];
    for (const [index, tool] of tools.entries()) {
      const samples = validSamples(tool, 6, index + 1);
      if (samples.length === 0) {
        noSample.push(tool.name);
        continue;
      }
      let made = 0;
      for (const args of samples) {
        const m = meta(tool);
        let prepared;
        try {
          prepared = await executor.prepare(tool, args);
        } catch (error) {
          expect(error, tool.name).toMatchObject({ code: 'OPENAPI_CALL_BAD_ARGUMENT' });
          expect((error as Error).message, tool.name).toMatch(UNREPRESENTABLE);
          continue;
        }
        requests++;
        made++;
        const url = new URL(prepared.url);
        expect(prepared.method).toBe(m.method.toUpperCase());
        expect(url.protocol).toMatch(/^https?:$/);
        // every {placeholder} filled, nothing climbs out of the template
        expect(decodeURIComponent(url.pathname)).not.toMatch(/\{[^}]*\}/);
        const fixed = new URL(`https://x${m.path.split('{')[0]!}`).pathname;
        expect(url.pathname, `${tool.name} ${m.path}`).toContain(fixed);
        for (const value of Object.values(prepared.headers)) expect(value).not.toMatch(/[\r\n]/);
        for (const name of Object.keys((args.query ?? {}) as object)) {
          const value = (args.query as Record<string, unknown>)[name];
          if (Array.isArray(value) && value.length === 0) continue;
          const style = m.parameters.query?.[name]?.style;
          const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
          if (style === 'deepObject' || (isObject && style !== 'spaceDelimited' && style !== 'pipeDelimited'))
            continue;
          expect(url.search, `${tool.name} query ${name}`).toContain(
            `${encodeURIComponent(name).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}=`,
          );
        }
        if (args.body !== undefined && m.body) {
          const type = m.body.contentType;
          if (/json/i.test(type) && typeof prepared.body === 'string')
            expect(JSON.parse(prepared.body)).toEqual(args.body);
          if (/^multipart\//i.test(type)) expect(prepared.body).toBeInstanceOf(FormData);
          if (/x-www-form-urlencoded/i.test(type)) expect(typeof prepared.body).toBe('string');
        }
        const shown = await formatRequest(prepared, executor.redactor(prepared));
        expect(shown).not.toContain(SECRET);
      }
      if (made === 0) noRequest.push(tool.name);
    }
    expect(noRequest, 'operations for which no generated arguments made a request').toEqual([]);
    // Every operation gets a valid sample: look-around patterns (the Redoc demo's password rule),
    // which the validators' linear-time engine cannot run, are dropped at import with a warning.
    expect(noSample, 'operations without a valid generated sample').toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(tools.length);
  });
});

describe('the Petstores end to end through toolrun against a local stub', () => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    { file: 'invalid/redoc-demo-petstore-3.0.yaml', basePath: '/v2' },
    { file: 'swagger-2.0/swagger-petstore.json', basePath: '/v2' },
  ])('$file', async ({ file, basePath }) => {
    const { tools } = await importOpenApi(spec(file));
    // The stub answers each operation with a value generated from the tool's own output schema.
    const routes = tools.map((tool) => {
      const m = meta(tool);
      const pattern = new RegExp(
        `^${basePath}${m.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
      );
      const output = tool.outputSchema
        ? fc
            .sample(arbitraryFromSchema(tool.outputSchema, { maxDepth: 3 }), { numRuns: 40, seed: 7 })
            .find((v) => outputs.validateOutput(tool, v).valid)
        : { ok: true };
      return { tool, method: m.method.toUpperCase(), pattern, output };
    });
    server ??= await startServer(() => undefined);
    const current = server;
    current.handle = (req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      // literal paths first: /pet/findByStatus before /pet/{petId}
      const route = [...routes]
        .sort((a, b) => holes(a.tool) - holes(b.tool))
        .find((r) => r.method === req.method && r.pattern.test(path));
      if (!route) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end('{"error":"no route"}');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(route.output ?? null));
    };
    const executor = createHttpExecutor({
      baseUrl: `${current.origin}${basePath}`,
      allowedHosts: [`127.0.0.1:${current.port}`],
      auth: credentialsFor(tools),
    });
    executors.push(executor);
    const runner = createRunner({ executors: [executor], tools, defaults: { validateOutput: true } });
    for (const [index, tool] of tools.entries()) {
      const args = await firstSendable(executor, tool, validSamples(tool, 6, index + 11));
      expect(args, tool.name).toBeDefined();
      const before = current.received.length;
      let result = await runner.run({ name: tool.name, arguments: args });
      if (result.status === 'pending_confirmation') result = await runner.confirm(result.confirmation!.token);
      expect(result.status, `${tool.name}: ${result.error?.message ?? ''}`).toBe('success');
      const got = current.received[before]!;
      expect(got.method).toBe(meta(tool).method.toUpperCase());
      expect(routes.find((r) => r.tool === tool)!.pattern.test(new URL(got.url, 'http://x').pathname)).toBe(
        true,
      );
    }
  });
});

async function firstSendable(
  executor: HttpExecutor,
  tool: Tool,
  samples: JsonObject[],
): Promise<JsonObject | undefined> {
  for (const args of samples) {
    try {
      await executor.prepare(tool, args);
      return args;
    } catch {
      // unrepresentable sample (see UNREPRESENTABLE); try the next
    }
  }
  return undefined;
}

const holes = (tool: Tool) => (meta(tool).path.match(/\{/g) ?? []).length;
