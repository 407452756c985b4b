import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assembleSoftScan, GENERATED_FILE, generatedSource } from '../../scripts/build-soft-scan.js';
import { DEFAULT_SOFT_TERMS, type SoftTermOptions, SoftTermMatcher } from './soft-terms.js';

describe('soft-scan.generated.ts', () => {
  it('holds exactly the bytes soft-scan.wat assembles to', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(generatedSource(await assembleSoftScan()));
  });
});

const unit = (v: readonly number[]) => {
  const norm = Math.hypot(...v);
  return Float32Array.from(v, (x) => (norm === 0 ? 0 : x / norm));
};

/**
 * Rows near a few centres, so many cosines sit around the threshold (the pruning's hard cases), with the
 * variance falling along the dimensions as in the shipped table (principal components): the head then carries
 * most of a row, and its bound decides.
 */
function clusteredRows(
  d: number,
  n: number,
  seeds: readonly number[][],
  noise: readonly number[],
): Float32Array {
  const rows = new Float32Array(n * d);
  for (let r = 0; r < n; r++) {
    const centre = seeds[r % seeds.length]!;
    const v = centre.map((x, k) => (x + noise[(r * 7 + k) % noise.length]! * (1 + (r % 3))) / (1 + k / 2));
    rows.set(unit(v), r * d);
  }
  return rows;
}

function matchers(d: number, rows: Float32Array) {
  const n = rows.length / d;
  const ids = Uint32Array.from({ length: n }, (_, i) => 3 * i + 1);
  return {
    ids,
    wasm: new SoftTermMatcher(ids, rows, d, undefined),
    js: new SoftTermMatcher(ids, rows, d, undefined, { simd: false }),
  };
}

describe('the WebAssembly scan against the JavaScript scan', () => {
  for (const d of [32, 40, 128]) {
    it(`returns the same rows with bit-identical cosines (${d} dimensions)`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: d, maxLength: d }), {
            minLength: 1,
            maxLength: 4,
          }),
          fc.array(fc.float({ min: Math.fround(-0.3), max: Math.fround(0.3), noNaN: true }), {
            minLength: 1,
            maxLength: 50,
          }),
          fc.integer({ min: 1, max: 60 }),
          fc.double({ min: 0.05, max: 0.95, noNaN: true }),
          fc.nat(),
          (seeds, noise, n, threshold, pick) => {
            const rows = clusteredRows(d, n, seeds, noise);
            const { ids, wasm, js } = matchers(d, rows);
            expect(wasm.simd).toBe(true);
            expect(js.simd).toBe(false);
            const options: SoftTermOptions = { ...DEFAULT_SOFT_TERMS, threshold, neighbours: 20 };
            // Queries: a row itself (cosine 1 with it, near-threshold with its cluster) and a cluster centre.
            const row = pick % n;
            const queries = [
              wasm.row(row).slice(),
              unit(seeds[pick % seeds.length]!.map((x, k) => x / (1 + k / 2))),
            ];
            queries.forEach((query, q) => {
              const self = q === 0 ? ids[row] : undefined;
              expect(wasm.neighbours(`q${q}`, query, self, options)).toEqual(
                js.neighbours(`q${q}`, query, self, options),
              );
            });
          },
        ),
        { numRuns: 150 },
      );
    });
  }

  it('keeps rows whose bound equals their cosine, just above the threshold (no true neighbour is pruned)', () => {
    // row = c·q + s·u with u ⟂ q inside the head: the row's tail is c times the query's, so Cauchy–Schwarz is
    // tight and the bound is the cosine itself, at both bound checks.
    for (const d of [40, 128]) {
      const q = unit(Array.from({ length: d }, (_, k) => Math.cos(k * 1.7) / (1 + k / 4)));
      const raw = Array.from({ length: d }, (_, k) => (k < 32 ? Math.sin(k * 2.3) : 0));
      const along = raw.reduce((a, x, k) => a + x * q[k]!, 0);
      const u = unit(raw.map((x, k) => x - along * q[k]!));
      const cosines = [0.6 + 1e-6, 0.6 + 1e-5, 0.6 + 1e-3, 0.75, 0.6 - 1e-5];
      const rows = new Float32Array(cosines.length * d);
      cosines.forEach((c, r) =>
        rows.set(unit([...q].map((x, k) => c * x + Math.sqrt(1 - c * c) * u[k]!)), r * d),
      );
      const { ids, wasm, js } = matchers(d, rows);
      const found = wasm.neighbours('q', q, undefined, { ...DEFAULT_SOFT_TERMS, neighbours: 20 });
      expect(found).toEqual(js.neighbours('q', q, undefined, { ...DEFAULT_SOFT_TERMS, neighbours: 20 }));
      expect(found.map((n) => n.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    }
  });

  it('keeps a row the quantised first pass underestimates most, just above the threshold', () => {
    // 32 dimensions (the head is the whole row, so the bound is the quantised dot product itself). Row 0 fixes
    // the heads' scale at 16383; row 1's values sit just under a rounding midpoint, all rounded down, and the
    // query's are rounded down too: the quantised dot product falls about 2e-4 short of the cosine, past the
    // float slack alone.
    const d = 32;
    const q = new Float32Array(d).fill(1 / Math.sqrt(d));
    const rows = new Float32Array(2 * d);
    rows[0] = 1;
    for (let k = 0; k < d; k++) rows[d + k] = (1737.4999 + (k < 6 ? 1 : 0)) / 16_383;
    const { ids, wasm, js } = matchers(d, rows);
    const cosine = rows.subarray(d).reduce((a, x, k) => a + x * q[k]!, 0);
    expect(cosine).toBeGreaterThan(0.6);
    expect(cosine).toBeLessThan(0.6 + 1e-5);
    const found = wasm.neighbours('q', q, undefined, DEFAULT_SOFT_TERMS);
    expect(found).toEqual(js.neighbours('q', q, undefined, DEFAULT_SOFT_TERMS));
    expect(found.map((n) => n.id)).toEqual([ids[1]]);
  });

  it('keeps to JavaScript where the WebAssembly scan does not fit (under 32 dimensions, or not a multiple of 4)', () => {
    for (const d of [3, 16, 31, 34]) {
      const rows = clusteredRows(d, 5, [Array.from({ length: d }, (_, k) => k + 1)], [0.1, -0.2]);
      const { wasm } = matchers(d, rows);
      expect(wasm.simd).toBe(false);
      expect(wasm.neighbours('w', wasm.row(0).slice(), undefined, DEFAULT_SOFT_TERMS).length).toBeGreaterThan(
        0,
      );
    }
  });
});
