import { describe, expect, it } from 'vitest';
import { createAjv } from './ajv.js';
import { normalizeSchemaDraft } from './json-schema-normalize.js';
import { isCertainlyValidSchema } from './meta-fast-check.js';
import { certainlyValidShape } from './shape-fast-check.js';
import { mcpRecordToInput, readMcpCorpus } from './test-fixtures/mcp-corpus.js';

const official = createAjv({ validateFormats: false, allErrors: false }).getSchema(
  'https://json-schema.org/draft/2020-12/schema',
)!;

describe('the fast paths over the 527 real MCP tools', () => {
  const corpus = readMcpCorpus();

  it('the meta-schema fast path accepts every schema of the corpus, as the official meta-schema does', () => {
    for (const { tool } of corpus) {
      for (const raw of [tool.inputSchema, tool.outputSchema]) {
        if (raw === undefined) continue;
        const schema = normalizeSchemaDraft(raw).schema;
        expect(official(schema)).toBe(true);
        expect(isCertainlyValidSchema(schema)).toBe(true);
      }
    }
  });

  it('the shape fast path takes every tool of the corpus (so parseTool rarely needs zod)', () => {
    const fast = corpus.filter((record) =>
      certainlyValidShape(mcpRecordToInput(record) as unknown as Record<string, unknown>, 100_000),
    );
    expect(fast).toHaveLength(527);
  });
});
