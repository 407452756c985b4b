import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blendScores, ranksOf, reciprocalRankFusion } from './fusion.js';
import { classifyIntent, intentMatch } from './intent.js';
import { mmrSelect } from './mmr.js';
import { maxNormalize, minMaxNormalize } from './normalize.js';
import { calibratedRelevance, semanticRelevance } from './relevance.js';
import { combineSignals, DEFAULT_PENALTIES } from './signals.js';
import { topK } from './top-k.js';

describe('normalisation', () => {
  it('maxNormalize keeps ratios, minMax spans 0..1, degenerate inputs stay finite', () => {
    expect(Array.from(maxNormalize([2, 1, 0]))).toEqual([1, 0.5, 0]);
    expect(Array.from(minMaxNormalize([3, 2, 1]))).toEqual([1, 0.5, 0]);
    expect(Array.from(maxNormalize([0, 0]))).toEqual([0, 0]);
    expect(Array.from(minMaxNormalize([0.4, 0.4]))).toEqual([1, 1]);
  });
});

describe('fusion', () => {
  it('blend weighs the lexical side by alpha', () => {
    expect(Array.from(blendScores([1, 0], [0, 1], 0.7))).toEqual([0.7, 0.30000000000000004]);
  });

  it('RRF rewards items ranked well in both lists and scales the best to 1', () => {
    const lex = ranksOf([0.9, 0.5, 0]);
    const vec = ranksOf([0.8, 0.1, 0.9]);
    expect(Array.from(lex)).toEqual([1, 2, Number.POSITIVE_INFINITY]);
    const fused = reciprocalRankFusion([lex, vec], 60);
    expect(fused[0]!).toBeGreaterThan(fused[2]!);
    expect(reciprocalRankFusion([[1], [1]], 60)[0]).toBeCloseTo(1);
  });
});

describe('mmrSelect', () => {
  const sims = [
    [1, 0.99, 0.1],
    [0.99, 1, 0.1],
    [0.1, 0.1, 1],
  ];
  const sim = (a: number, b: number) => sims[a]![b]!;

  it('keeps relevance order without diversity', () => {
    expect(mmrSelect([0.9, 0.85, 0.5], sim, 2, 0)).toEqual([0, 1]);
  });

  it('skips a near-duplicate when diversity is on', () => {
    expect(mmrSelect([0.9, 0.85, 0.5], sim, 2, 0.5)).toEqual([0, 2]);
  });

  it('picks near-duplicates last whatever their relevance', () => {
    const dupSims = [
      [1, 0.95, 0.5],
      [0.95, 1, 0.5],
      [0.5, 0.5, 1],
    ];
    const dupSim = (a: number, b: number) => dupSims[a]![b]!;
    expect(mmrSelect([1, 0.99, 0.1], dupSim, 3, 0.1)).toEqual([0, 2, 1]);
    expect(mmrSelect([1, 0.99, 0.1], dupSim, 3, 0)).toEqual([0, 1, 2]);
  });

  it('returns at most k and at most n items', () => {
    expect(mmrSelect([0.3], sim, 5, 0.3)).toEqual([0]);
  });
});

describe('signals', () => {
  it('without context the final score is the relevance', () => {
    const r = combineSignals({ relevance: 0.8 }, { used: false, failed: false, deprecated: false });
    expect(r.final).toBeCloseTo(0.8);
  });

  it('failed tools are penalised more than used ones', () => {
    const used = combineSignals({ relevance: 0.8 }, { used: true, failed: false, deprecated: false });
    const failed = combineSignals({ relevance: 0.8 }, { used: false, failed: true, deprecated: false });
    expect(used.final).toBeCloseTo(0.8 - DEFAULT_PENALTIES.used);
    expect(failed.final).toBeLessThan(used.final);
  });

  it('health and cost move the score within their weights', () => {
    const healthy = combineSignals(
      { relevance: 0.8, health: 1, cost: 1 },
      { used: false, failed: false, deprecated: false },
    );
    const sick = combineSignals(
      { relevance: 0.8, health: 0.1, cost: 0 },
      { used: false, failed: false, deprecated: false },
    );
    expect(healthy.final).toBeGreaterThan(sick.final);
    expect(healthy.final).toBeLessThanOrEqual(1);
  });
});

describe('relevance calibration', () => {
  it('semantic evidence is the share of headroom above the background', () => {
    expect(semanticRelevance(0.3, 0.3)).toBe(0);
    expect(semanticRelevance(0.65, 0.3, 1)).toBeCloseTo(0.5);
    expect(semanticRelevance(0.2, 0.3)).toBe(0);
  });

  it('takes the stronger of lexical and semantic evidence', () => {
    expect(calibratedRelevance(0.1, 0.6)).toBe(0.6);
    expect(calibratedRelevance(undefined, undefined)).toBe(0);
  });
});

describe('topK', () => {
  it('returns the k best indices, best first, ties by index', () => {
    expect(topK([0.1, 0.9, 0.5, 0.9], 3)).toEqual([1, 3, 2]);
    expect(topK([], 3)).toEqual([]);
  });

  it('agrees with a full sort (score descending, then index) for any scores, k and count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 80 }),
        fc.integer({ min: 0, max: 40 }),
        fc.nat(),
        (values, k, cut) => {
          const count = values.length === 0 ? 0 : cut % (values.length + 1);
          const expected = values
            .slice(0, count)
            .map((_, i) => i)
            .sort((a, b) => values[b]! - values[a]! || a - b)
            .slice(0, k);
          expect(topK(values, k, count)).toEqual(expected);
        },
      ),
    );
  });
});

describe('intent', () => {
  it('classifies by keywords and matches tool names more strongly than descriptions', () => {
    expect(classifyIntent('please refund this customer ticket')).toBe('customer_support');
    expect(classifyIntent('hello there')).toBe('unknown');
    expect(intentMatch('communication', ['send', 'email'], [])).toBe(1);
    expect(intentMatch('communication', ['notify'], ['email'])).toBe(1);
    expect(intentMatch('communication', ['read'], ['email'])).toBe(0.5);
    expect(intentMatch('communication', ['read'], ['file'])).toBe(0);
  });
});
