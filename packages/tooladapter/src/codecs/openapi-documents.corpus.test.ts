import { readFileSync } from 'node:fs';
import { checkJsonSchema, jsonEqual } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { check, detectFormat, fromCanonical, fromCanonicalMany, toCanonical } from '../index.js';

const OPENAPI = new URL('../../../../../shared/data/openapi/openapi-3.1/', import.meta.url);

function load(file: string): unknown {
  return JSON.parse(readFileSync(new URL(file, OPENAPI), 'utf8'));
}

/** Real OpenAPI 3.1 documents (shared/data/openapi) through the openapi-operation codec. */
describe('openapi-operation on real OpenAPI 3.1 documents', () => {
  for (const [file, operations] of [['discord-openapi.json', 242]] as const) {
    it(`${file}: every operation imports, re-exports, passes check and imports back to the same input`, () => {
      const doc = load(file);
      expect(detectFormat(doc)).toEqual({ dialect: 'openapi-operation', kind: 'document' });
      const { tools, losses: imported } = toCanonical(doc, 'openapi-operation');
      expect(tools).toHaveLength(operations);
      // Two schemas say `enum: []` next to an allOf naming the real enumeration: the empty enum goes.
      expect(
        imported.filter((l) => l.keyword === 'enum').map((l) => l.pointer.replace(/^.*\/inputSchema/, '')),
      ).toEqual(['/properties/query/properties/status/enum', '/properties/body/properties/action/enum']);
      for (const tool of tools) {
        // Component schemas became the tool's own $defs: the schema stands alone.
        expect(checkJsonSchema(tool.inputSchema, '/inputSchema')).toEqual([]);
        const { value, losses } = fromCanonical(tool, 'openapi-operation');
        expect(losses).toEqual([]);
        expect(check(value, 'openapi-operation')).toEqual([]);
        const back = toCanonical(value, 'openapi-operation').tools[0]!;
        expect(jsonEqual(back.inputSchema, tool.inputSchema), tool.name).toBe(true);
        expect(jsonEqual(back.outputSchema, tool.outputSchema), tool.name).toBe(true);
        const meta = tool.sourceMeta?.openapi as { method: string; path: string } | undefined;
        expect(back.sourceMeta?.openapi).toMatchObject({ method: meta?.method, path: meta?.path });
      }
      const many = fromCanonicalMany(tools, 'openapi-operation');
      expect(check(many.value, 'openapi-operation')).toEqual([]);
    });
  }
});
