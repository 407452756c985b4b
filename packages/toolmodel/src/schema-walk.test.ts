import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapSchemaShared } from './schema-walk.js';

describe('mapSchemaShared copies', () => {
  it('drop own __proto__ keys and keep the prototype when a node is copied', () => {
    const schema = JSON.parse(
      '{"type":"object","__proto__":{"polluted":true},"properties":{"a":{"type":"string"}}}',
    ) as Record<string, unknown>;
    const out = mapSchemaShared(schema, (node, _at, owned) =>
      node.type === 'string' && !owned ? { ...node, title: 'A' } : node,
    ) as Record<string, unknown>;
    expect(out).not.toBe(schema);
    expect(Object.hasOwn(out, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(out)).toEqual(['type', 'properties']);
    expect(out.properties).toEqual({ a: { type: 'string', title: 'A' } });
  });

  it('a copied node has the keys, order and values of the original (property)', () => {
    const leaf = fc.dictionary(
      fc.constantFrom('type', 'title', 'x-1', '0', 'default', 'description'),
      fc.jsonValue(),
      {
        maxKeys: 5,
      },
    );
    fc.assert(
      fc.property(
        leaf,
        fc.dictionary(fc.constantFrom('p', 'q', '2'), leaf, { maxKeys: 3 }),
        (root, props) => {
          const schema: Record<string, unknown> = { ...root, properties: props };
          // Replacing one child forces a copy of the root and of its properties map.
          const out = mapSchemaShared(schema, (node, at) =>
            at() === '/properties/p' ? { changed: true } : node,
          ) as Record<string, unknown>;
          expect(Object.keys(out)).toEqual(Object.keys(schema));
          for (const key of Object.keys(schema)) if (key !== 'properties') expect(out[key]).toBe(schema[key]);
          const outProps = out.properties as Record<string, unknown>;
          expect(Object.keys(outProps)).toEqual(Object.keys(props));
          for (const name of Object.keys(props))
            expect(outProps[name]).toEqual(name === 'p' ? { changed: true } : props[name]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
