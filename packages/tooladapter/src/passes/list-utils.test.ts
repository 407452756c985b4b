import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { everyItem, keepItems, someItem } from './list-utils.js';

describe('list helpers for frozen schema arrays', () => {
  it('answer as some/every/filter do, on frozen and plain arrays (property)', () => {
    const isString = (v: unknown) => typeof v === 'string';
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 6 }), fc.boolean(), (items, freeze) => {
        const list = freeze ? Object.freeze(items.slice()) : items;
        expect(someItem(list, isString)).toBe(list.some(isString));
        expect(everyItem(list, isString)).toBe(list.every(isString));
        const kept = keepItems(list, isString);
        expect(kept).toEqual(list.filter(isString));
        expect(Object.isFrozen(kept)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
