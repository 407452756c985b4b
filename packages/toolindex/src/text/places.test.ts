import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mentionsPlace } from './places.js';

describe('mentionsPlace', () => {
  it.each([
    ['I need the game schedules for Paris on November 28', true],
    ['a road trip from Toronto to Vancouver', true],
    ["I'm preparing a report for our London branch.", true],
    ['flights to New York next week', true],
    ['sales in the United States', true],
    ['a trip across Europe', true],
    ["the city's archives in Lyon's old town", true],
    ['New York is big', true],
  ])('finds a place in %j', (text, expected) => {
    expect(mentionsPlace(text)).toBe(expected);
  });

  it.each([
    ['book a table for two tonight'],
    ['a trip to paris'], // place names are written capitalised
    ['Paris'], // a text's first word alone is capitalised anyway
    ['Send an email to Jane'],
    [''],
  ])('finds no place in %j', (text) => {
    expect(mentionsPlace(text)).toBe(false);
  });

  it('is safe and bounded on hostile text', () => {
    expect(mentionsPlace('a __proto__ constructor toString hasOwnProperty')).toBe(false);
    const started = Date.now();
    expect(mentionsPlace(`${'Word '.repeat(5_000)}Paris`)).toBe(false); // past the 2,000-word bound
    expect(mentionsPlace(`x ${'A'.repeat(10_000)}`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => typeof mentionsPlace(text) === 'boolean'));
  });
});
