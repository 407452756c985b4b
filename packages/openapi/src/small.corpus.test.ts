import { describe, expect, it } from 'vitest';
import { OpenApiImportError } from './errors.js';
import { importOpenApi } from './import-openapi.js';
import type { OpenApiSourceMeta } from './source-meta.js';
import { assertCanonicalTools } from './test-fixtures/assert-tools.js';
import { CORPUS, countOperations, spec } from './test-fixtures/corpus.js';
import { assertConvertsEverywhere } from './test-fixtures/dialects.js';

const SMALL = CORPUS.filter((c) => !/stripe|digitalocean|openai|discord|twilio|slack|rebilly/.test(c.file));

const meta = (tool: { sourceMeta?: unknown }) => (tool.sourceMeta as { openapi: OpenApiSourceMeta }).openapi;

describe('corpus (small documents): every document imports leniently', () => {
  for (const entry of SMALL) {
    it(`${entry.file}`, async () => {
      const path = spec(entry.file);
      const count = countOperations(path);
      expect(count).toBe(entry.readmeCount);
      const result = await importOpenApi(path);
      expect(result.tools.length).toBe(count);
      expect(result.skipped).toEqual([]);
      expect(result.document.operations).toBe(count);
      assertCanonicalTools(result);
      assertConvertsEverywhere(result.tools);
      const validation = result.warnings.filter(
        (w) => w.code === 'schema_validation' || w.code === 'duplicate_operation_id',
      );
      expect(validation.length > 0).toBe(!entry.valid);
    });
  }
});

describe('documents that fail validation', () => {
  it('Redoc 3.1 demo: bad info.license is reported; strict mode rejects it naming file and pointer', async () => {
    const path = spec('openapi-3.1/redoc-demo-petstore-3.1.yaml');
    const lenient = await importOpenApi(path);
    expect(lenient.warnings).toContainEqual(
      expect.objectContaining({ pointer: '/info/license', code: 'schema_validation' }),
    );
    const error = await importOpenApi(path, { strict: true }).catch((e: unknown) => e);
    expect(OpenApiImportError.isInstance(error)).toBe(true);
    const e = error as OpenApiImportError;
    expect(e.code).toBe('OPENAPI_INVALID');
    expect(e.file).toBe(path);
    expect(e.pointer).toBe('/info/license');
    expect(e.message).toMatch(
      /redoc-demo-petstore-3\.1\.yaml#\/info\/license: must match exactly one schema in oneOf/,
    );
  });

  it('Redoc 3.1 demo: operationIds that are not tool names are sanitised reversibly', async () => {
    const result = await importOpenApi(spec('openapi-3.1/redoc-demo-petstore-3.1.yaml'));
    const byId = new Map(result.renamed.map((r) => [r.operationId, r]));
    expect(byId.get('delete\\PetById')?.name).toBe('delete_PetById');
    expect(byId.get('deletePetBy"Id')?.name).toBe('deletePetBy_Id');
    for (const r of result.renamed.filter((x) => x.operationId !== undefined)) {
      const tool = result.tools.find((t) => t.name === r.name)!;
      expect(meta(tool).operationId).toBe(r.operationId);
    }
    const derived = result.renamed.find((r) => r.operationId === undefined)!;
    expect(derived).toMatchObject({ method: 'post', path: '/store/subscribe', reasons: ['derived'] });
    expect(derived.name).toBe('post_store_subscribe');
  });

  it('Redoc 3.1 demo: cookie and header parameters, recursive Pet schema via $defs', async () => {
    const result = await importOpenApi(spec('openapi-3.1/redoc-demo-petstore-3.1.yaml'));
    const del = result.tools.find((t) => t.name === 'delete_PetById')!;
    expect(meta(del).parameters.cookie).toEqual({ cookieParam: { required: true } });
    expect(del.inputSchema.required).toEqual(['cookie']);
    const withDefs = result.tools.filter((t) => JSON.stringify(t.inputSchema).includes('"$ref":"#/$defs/'));
    expect(withDefs.length).toBeGreaterThan(0);
    for (const t of withDefs) expect(Object.keys(t.inputSchema.$defs as object).length).toBeGreaterThan(0);
  });

  it('Redoc 3.0 demo: array-valued items are reported and rewritten; strict rejects it', async () => {
    const path = spec('invalid/redoc-demo-petstore-3.0.yaml');
    const lenient = await importOpenApi(path);
    expect(lenient.warnings).toContainEqual(
      expect.objectContaining({
        pointer: '/components/schemas/User/properties/addresses/items',
        code: 'schema_validation',
      }),
    );
    expect(lenient.warnings).toContainEqual(expect.objectContaining({ code: 'tuple_items' }));
    const error = (await importOpenApi(path, { strict: true }).catch(
      (e: unknown) => e,
    )) as OpenApiImportError;
    expect(error.code).toBe('OPENAPI_INVALID');
    expect(error.pointer).toMatch(/^\/components\/schemas\/User\/properties\/addresses/);
    expect(error.problems.length).toBeGreaterThan(1);
  });

  it('duplicate operationIds: unique names and a warning (lenient), an error (strict)', async () => {
    const path = spec('invalid/swagger-parser-duplicate-operation-ids.yaml');
    const lenient = await importOpenApi(path);
    expect(lenient.tools.map((t) => t.name)).toEqual(['users', 'users_2']);
    expect(lenient.tools.map((t) => meta(t).operationId)).toEqual(['users', 'users']);
    expect(lenient.warnings).toContainEqual(expect.objectContaining({ code: 'duplicate_operation_id' }));
    expect(lenient.renamed).toContainEqual(
      expect.objectContaining({ name: 'users_2', reasons: ['deduplicated'] }),
    );
    const error = (await importOpenApi(path, { strict: true }).catch(
      (e: unknown) => e,
    )) as OpenApiImportError;
    expect(OpenApiImportError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'OPENAPI_INVALID', pointer: '/paths/~1users/post' });
    expect(error.message).toMatch(/operationId "users" is used by 2 operations/);
  });
});

describe('Swagger 2.0 specifics', () => {
  it('petstore: formData file → multipart base64, urlencoded form, header param, security schemes', async () => {
    const result = await importOpenApi(spec('swagger-2.0/swagger-petstore.json'));
    const upload = result.tools.find((t) => t.name === 'uploadFile')!;
    expect(meta(upload).body).toEqual({
      contentType: 'multipart/form-data',
      required: false,
      binaryProperties: ['file'],
    });
    const body = (upload.inputSchema.properties as Record<string, { properties: Record<string, unknown> }>)
      .body!;
    expect(body.properties.file).toMatchObject({ type: 'string', contentEncoding: 'base64' });
    const form = result.tools.find((t) => t.name === 'updatePetWithForm')!;
    expect(meta(form).body?.contentType).toBe('application/x-www-form-urlencoded');
    const del = result.tools.find((t) => t.name === 'deletePet')!;
    expect(Object.keys(meta(del).parameters.header ?? {})).toEqual(['api_key']);
    expect(del.annotations).toMatchObject({ destructiveHint: true, idempotentHint: true });
    expect(meta(del).securitySchemes).toEqual({ petstore_auth: { type: 'oauth2' } });
    const byId = result.tools.find((t) => t.name === 'getPetById')!;
    expect(meta(byId).securitySchemes).toMatchObject({
      api_key: { type: 'apiKey', in: 'header', name: 'api_key' },
    });
    expect(byId.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(meta(byId).servers?.[0]).toMatch(/^https?:\/\/petstore\.swagger\.io\/v2$/);
    expect(byId.outputSchema).toMatchObject({ type: 'object', required: ['name', 'photoUrls'] });
    const findByStatus = result.tools.find((t) => t.name === 'findPetsByStatus')!;
    expect(meta(findByStatus).parameters.query?.status).toMatchObject({ style: 'form', explode: true });
  });

  it('petstore split over several files: external refs resolved, "find pet by id" sanitised', async () => {
    const result = await importOpenApi(spec('swagger-2.0/petstore-separate/spec/swagger.yaml'));
    expect(result.warnings.filter((w) => w.code === 'unresolved_ref')).toEqual([]);
    const find = result.tools.find((t) => meta(t).operationId === 'find pet by id')!;
    expect(find.name).toBe('find_pet_by_id');
    const add = result.tools.find((t) => t.name === 'addPet')!;
    const body = (add.inputSchema.properties as Record<string, unknown>).body;
    // NewPet.yaml is allOf [Pet.yaml, {required: [name]}]: both files were read.
    expect(body).toMatchObject({
      allOf: [{ properties: { name: { type: 'string' } } }, { required: ['name'] }],
    });
  });

  it('netlify: path-level parameters are merged into each operation', async () => {
    const result = await importOpenApi(spec('swagger-2.0/netlify-swagger.yml'));
    const withPathLevel = result.tools.filter((t) => meta(t).path.includes('{site_id}'));
    expect(withPathLevel.length).toBeGreaterThan(10);
    for (const t of withPathLevel) expect(Object.keys(meta(t).parameters.path ?? {})).toContain('site_id');
  });
});

describe('OpenAPI 3.0 recursion', () => {
  it('kubernetes: the recursive JSONSchemaProps becomes a $defs entry that refers to itself', async () => {
    const result = await importOpenApi(spec('openapi-3.0/kubernetes-apiextensions.k8s.io-v1.json'));
    const create = result.tools.find((t) => t.name === 'createApiextensionsV1CustomResourceDefinition')!;
    const defs = create.inputSchema.$defs as Record<string, unknown>;
    const name = Object.keys(defs).find((k) => k.endsWith('JSONSchemaProps'))!;
    expect(name).toBeDefined();
    expect(JSON.stringify(defs[name])).toContain(`"$ref":"#/$defs/${name}"`);
  });
});
