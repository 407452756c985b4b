import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** The shared OpenAPI corpus (packages/openapi/src/test-fixtures → /shared/data/openapi). */
export const OPENAPI_DATA = fileURLToPath(new URL('../../../../../shared/data/openapi/', import.meta.url));

export const spec = (relative: string): string => resolve(OPENAPI_DATA, relative);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function readAny(path: string): unknown {
  const text = readFileSync(path, 'utf8');
  return path.endsWith('.json') ? JSON.parse(text) : parse(text, { uniqueKeys: false });
}

/**
 * Counts operations the simple way, independently of the importer: method keys under `paths`
 * in the raw file, following a path item's own `$ref` (local pointer or another file) if there is one.
 */
export function countOperations(path: string): number {
  const doc = readAny(path) as { paths?: Record<string, Record<string, unknown>> };
  let count = 0;
  for (const item of Object.values(doc.paths ?? {})) {
    let pathItem = item;
    if (typeof pathItem.$ref === 'string') {
      const [file, pointer = ''] = pathItem.$ref.split('#');
      let target: unknown = file ? readAny(resolve(dirname(path), file)) : doc;
      for (const seg of pointer.split('/').filter(Boolean)) {
        target = (target as Record<string, unknown>)[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
      }
      pathItem = target as Record<string, unknown>;
    }
    count += Object.keys(pathItem).filter((k) => METHODS.includes(k)).length;
  }
  return count;
}

/**
 * Operations whose optional request body admits only `{}` (`type: object`, no properties,
 * `additionalProperties: false`), counted the simple way in the raw file (inline schemas only).
 */
export function countEmptyBodies(path: string): number {
  const doc = readAny(path) as { paths?: Record<string, Record<string, unknown>> };
  let count = 0;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const body = METHODS.includes(method)
        ? (op as { requestBody?: Record<string, unknown> }).requestBody
        : undefined;
      if (!body || body.required === true) continue;
      const schemas = Object.values(
        (body.content ?? {}) as Record<string, { schema?: Record<string, unknown> }>,
      ).map((media) => media.schema ?? {});
      const onlyEmpty = (s: Record<string, unknown>) =>
        s.additionalProperties === false &&
        Object.keys((s.properties ?? {}) as object).length === 0 &&
        Object.keys(s).every((k) =>
          ['type', 'properties', 'additionalProperties', 'description', 'title'].includes(k),
        );
      if (schemas.some(onlyEmpty)) count++;
    }
  }
  return count;
}

/** Every document of the corpus (root files only) with the operation count its README states. */
export const CORPUS: ReadonlyArray<{ file: string; readmeCount: number; valid: boolean }> = [
  { file: 'swagger-2.0/swagger-petstore.json', readmeCount: 20, valid: true },
  { file: 'swagger-2.0/slack_web_openapi_v2_without_examples.json', readmeCount: 174, valid: true },
  { file: 'swagger-2.0/netlify-swagger.yml', readmeCount: 174, valid: true },
  { file: 'swagger-2.0/petstore-separate/spec/swagger.yaml', readmeCount: 4, valid: true },
  { file: 'openapi-3.0/stripe-spec3.yaml', readmeCount: 384, valid: true },
  { file: 'openapi-3.0/twilio_api_v2010.json', readmeCount: 197, valid: true },
  { file: 'openapi-3.0/spotify-web-api.yml', readmeCount: 97, valid: true },
  { file: 'openapi-3.0/rebilly-big-openapi.json', readmeCount: 246, valid: true },
  { file: 'openapi-3.0/kubernetes-apiextensions.k8s.io-v1.json', readmeCount: 13, valid: true },
  {
    file: 'openapi-3.0/digitalocean/specification/DigitalOcean-public.v2.yaml',
    readmeCount: 659,
    valid: false,
  },
  { file: 'openapi-3.1/openai-openapi.yaml', readmeCount: 288, valid: true },
  { file: 'openapi-3.1/discord-openapi.json', readmeCount: 242, valid: true },
  { file: 'openapi-3.1/redoc-demo-petstore-3.1.yaml', readmeCount: 23, valid: false },
  { file: 'invalid/redoc-demo-petstore-3.0.yaml', readmeCount: 21, valid: false },
  { file: 'invalid/swagger-parser-duplicate-operation-ids.yaml', readmeCount: 2, valid: false },
];
