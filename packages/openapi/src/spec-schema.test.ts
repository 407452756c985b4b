import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import type { SpecKind } from './read-source.js';
import { compileMetaSchema, validateAgainstMetaSchema } from './spec-schema.js';

const require = createRequire(import.meta.url);
const standaloneCode = (require('ajv/dist/standalone') as { default: (ajv: unknown, v: unknown) => string })
  .default;

// Inside the package (under node_modules, which lint and prettier skip) so the generated code's
// `require("ajv/dist/runtime/…")` resolves as it does from dist/.
const cache = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'meta-schemas-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the build writes (scripts/write-meta-validators.mjs), loaded the way spec-schema.ts loads it. */
function standalone(kind: SpecKind): ValidateFunction {
  const { ajv, validate } = compileMetaSchema(kind, { source: true });
  const file = join(dir, `${kind}.cjs`);
  writeFileSync(file, standaloneCode(ajv, validate));
  return (require(file) as { default: ValidateFunction }).default;
}

const info = { title: 'T', version: '1' };
const documents: Record<SpecKind, unknown[]> = {
  'swagger-2.0': [
    { swagger: '2.0', info, paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } } },
    { swagger: '2.0', info: { title: 3 }, paths: { '/a': { get: {} } }, extra: true },
    { swagger: '2.0', info, paths: { '/a': { get: { parameters: [{ in: 'body' }], responses: {} } } } },
  ],
  'openapi-3.0': [
    { openapi: '3.0.3', info, paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } } },
    { openapi: '3.0.3', info: { version: 1 }, paths: { a: {} }, tags: [{ name: 'x' }, { name: 'x' }] },
    {
      openapi: '3.0.3',
      info,
      paths: { '/a': { get: { parameters: [{ name: 'q', in: 'query', schema: {}, content: {} }] } } },
      components: { schemas: { S: { type: 'nope', oneOf: 3 } } },
    },
  ],
  'openapi-3.1': [
    { openapi: '3.1.0', info, paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } } },
    { openapi: '3.1.0', info: {}, paths: { '/a': { trace: { parameters: 'x' } } }, webhooks: 1 },
    {
      openapi: '3.1.0',
      info,
      paths: {},
      components: { schemas: { S: 5 }, responses: { R: {} } },
    },
  ],
};

describe('OpenAPI meta-schema validators', () => {
  for (const kind of Object.keys(documents) as SpecKind[]) {
    it(`the build's standalone ${kind} validator reports exactly what compiling it at run time does`, () => {
      const built = standalone(kind);
      const compiled = compileMetaSchema(kind).validate;
      let invalid = 0;
      for (const document of documents[kind]) {
        const ok = built(document);
        expect(ok).toBe(compiled(document));
        expect(built.errors ?? null).toEqual(compiled.errors ?? null);
        if (!ok) invalid++;
      }
      expect(invalid).toBe(2);
    });
  }

  it('reports each distinct problem once, with its JSON pointer', () => {
    const problems = validateAgainstMetaSchema(documents['openapi-3.0'][1], 'openapi-3.0', 'api.yaml');
    expect(problems.length).toBeGreaterThan(0);
    expect(problems).toContainEqual({
      file: 'api.yaml',
      pointer: '/info',
      code: 'schema_validation',
      message: "must have required property 'title'",
    });
    const keys = problems.map((p) => `${p.pointer} ${p.message}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
