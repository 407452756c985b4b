import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combineSignals, DEFAULT_WEIGHTS, signalShares, type Signals } from './signals.js';

const NO_FLAGS = { used: false, failed: false, deprecated: false };
const value = fc.option(fc.double({ min: -0.5, max: 1.5, noNaN: true }), { nil: undefined });

describe('signalShares', () => {
  it('splits the weighted mean into parts that add up to the score before penalties', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.record({ arguments: value, fuzzy: value, intent: value, health: value, cost: value }),
        (relevance, rest) => {
          const signals: Signals = { relevance, ...rest };
          const parts = Object.values(signalShares(signals));
          const sum = parts.reduce((a, b) => a + b, 0);
          expect(sum).toBeCloseTo(combineSignals(signals, NO_FLAGS).base, 12);
          expect(parts.every((p) => p >= 0)).toBe(true);
        },
      ),
    );
  });

  it('names only the present signals; an absent one gets no part', () => {
    const shares = signalShares({ relevance: 0.5, intent: 1 });
    expect(Object.keys(shares).sort()).toEqual(['intent', 'relevance']);
    const total = DEFAULT_WEIGHTS.relevance + DEFAULT_WEIGHTS.intent;
    expect(shares.relevance).toBeCloseTo((DEFAULT_WEIGHTS.relevance * 0.5) / total, 12);
    expect(shares.intent).toBeCloseTo(DEFAULT_WEIGHTS.intent / total, 12);
  });

  it('is empty when no weight is positive', () => {
    const zero = { ...DEFAULT_WEIGHTS };
    for (const key of Object.keys(zero) as Array<keyof typeof zero>) zero[key] = 0;
    expect(signalShares({ relevance: 1 }, zero)).toEqual({});
  });
});
