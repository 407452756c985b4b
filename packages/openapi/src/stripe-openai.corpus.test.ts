import { describe, expect, it } from 'vitest';
import { countEmptyBodies, spec } from './test-fixtures/corpus.js';
import { importChecked, meta, CORPUS_TIMEOUT as TIMEOUT } from './test-fixtures/import-checked.js';

describe('corpus: Stripe and OpenAI', () => {
  it(
    'Stripe: form bodies, nullable → type arrays, long operationIds shortened reversibly, huge outputs expanded one level',
    async () => {
      const result = await importChecked('openapi-3.0/stripe-spec3.yaml', 384);
      const long = 'DeleteCustomersCustomerSubscriptionsSubscriptionExposedIdDiscount';
      const renamed = result.renamed.find((r) => r.operationId === long)!;
      expect(renamed.reasons).toEqual(['truncated']);
      expect(renamed.name.length).toBeLessThanOrEqual(64);
      expect(meta(result.tools.find((t) => t.name === renamed.name)!).operationId).toBe(long);
      const post = result.tools.find((t) => t.name === 'PostCustomers')!;
      expect(meta(post).body?.contentType).toBe('application/x-www-form-urlencoded');
      expect(JSON.stringify(result.tools)).not.toContain('"nullable"');
      expect(JSON.stringify(result.tools.map((t) => t.outputSchema))).toContain('"null"]');
      // Expandable objects pull the whole API into a response: only the top level is expanded.
      const shallow = result.warnings.filter((w) => w.code === 'output_schema_shallow');
      expect(shallow.length).toBeGreaterThan(100);
      expect(result.warnings.filter((w) => w.code === 'output_schema_omitted')).toEqual([]);
      const list = result.tools.find((t) => t.name === 'GetCustomers')!;
      expect(list.outputSchema).toMatchObject({
        type: 'object',
        properties: {
          data: {
            type: 'array',
            items: { type: 'object', description: expect.stringMatching(/schema "customer" not expanded/) },
          },
          has_more: { type: 'boolean' },
        },
      });
      // GET operations declare an empty form body; it is left out of the input, and counted exactly.
      const empty = countEmptyBodies(spec('openapi-3.0/stripe-spec3.yaml'));
      expect(empty).toBe(209);
      expect(result.warnings).toContainEqual(
        expect.objectContaining({
          code: 'empty_body_dropped',
          message: `${empty} operations whose request body only admits {}: body left out of the tool input`,
        }),
      );
      expect(result.tools.find((t) => t.name === 'GetCustomers')!.inputSchema.properties).not.toHaveProperty(
        'body',
      );
    },
    TIMEOUT,
  );
  it(
    'OpenAI (3.1): multipart uploads carry base64 strings; webhooks are not imported',
    async () => {
      const result = await importChecked('openapi-3.1/openai-openapi.yaml', 288);
      const upload = result.tools.find((t) => t.name === 'createFile')!;
      expect(meta(upload).body?.contentType).toBe('multipart/form-data');
      const body = (upload.inputSchema.properties as Record<string, { properties: Record<string, unknown> }>)
        .body!;
      expect(body.properties.file).toMatchObject({ type: 'string', contentEncoding: 'base64' });
      expect(result.document.kind).toBe('openapi-3.1');
    },
    TIMEOUT,
  );
});
