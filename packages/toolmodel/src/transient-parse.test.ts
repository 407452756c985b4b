import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTool, parseToolWithChanges, safeParseTool } from './define-tool.js';
import { InvalidArgumentError } from './errors.js';

/** Every object and array in `value`, with its path. */
function objectsOf(value: unknown, path = ''): Array<[string, object]> {
  if (value === null || typeof value !== 'object') return [];
  const out: Array<[string, object]> = [[path, value]];
  for (const [k, v] of Object.entries(value)) out.push(...objectsOf(v, `${path}/${k}`));
  return out;
}

const schemaArb: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom<unknown>(
      { type: 'string' },
      { type: 'integer', minimum: 0, exclusiveMinimum: true },
      { enum: [] },
      { type: ['string', 'null'] },
      { $ref: '#/definitions/a' },
      { pattern: '(' },
      true,
      'not a schema',
    ),
    fc.record(
      {
        type: fc.constantFrom('object', 'array', 'string'),
        properties: fc.dictionary(fc.string({ maxLength: 4 }), tie('schema'), { maxKeys: 3 }),
        items: fc.oneof(tie('schema'), fc.array(tie('schema'), { maxLength: 2 })),
        definitions: fc.dictionary(fc.constantFrom('a', 'b'), tie('schema'), { maxKeys: 2 }),
        $schema: fc.constantFrom('http://json-schema.org/draft-04/schema#', 'https://example.com/s'),
        required: fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    ),
  ),
})).schema;

const definitionArb = fc.record(
  {
    name: fc.constantFrom('search', 'bad name', ''),
    description: fc.string({ maxLength: 10 }),
    tags: fc.array(fc.constantFrom('A', ' b ', 'a'), { maxLength: 3 }),
    inputSchema: schemaArb,
    outputSchema: schemaArb,
    annotations: fc.constantFrom<unknown>({ readOnlyHint: true, title: null }, { nope: 1 }),
  },
  { requiredKeys: ['name'] },
);

describe('parseTool with transient', () => {
  it('returns what the frozen parse returns, with the same changes and errors (property)', () => {
    fc.assert(
      fc.property(definitionArb, (definition) => {
        const frozen = safeParseTool(definition);
        const transient = safeParseTool(definition, { transient: true });
        expect(transient.success).toBe(frozen.success);
        if (!frozen.success || !transient.success) {
          expect(transient).toEqual(frozen);
          return;
        }
        expect(transient.changes).toEqual(frozen.changes);
        expect(JSON.stringify(transient.tool)).toBe(JSON.stringify(frozen.tool));
        // Nothing of the transient tool is frozen, and none of it is the input's.
        const inputObjects = new Set(objectsOf(definition).map(([, o]) => o));
        for (const [path, object] of objectsOf(transient.tool)) {
          if (Array.isArray(object) && object.length === 0) continue; // the shared empty list
          expect(Object.isFrozen(object), path).toBe(false);
          expect(inputObjects.has(object), path).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('computes contentHash on each read (the tool may still change)', () => {
    const input = { name: 'search', description: 'Finds things.' };
    const tool = parseToolWithChanges(input, { transient: true }).tool as { description: string };
    const hash = (tool as unknown as { contentHash: string }).contentHash;
    expect(hash).toBe(parseTool(input).contentHash);
    tool.description = 'Finds other things.';
    expect((tool as unknown as { contentHash: string }).contentHash).not.toBe(hash);
  });

  it('refuses a transient that is not a boolean', () => {
    expect(() => parseTool({ name: 'x' }, { transient: 'yes' as never })).toThrow(InvalidArgumentError);
  });
});
