/** Dense symmetric eigendecomposition (cyclic Jacobi), for the build-time PCA of the table only. */
export interface Eigen {
  /** Eigenvalues, largest first. */
  values: number[];
  /** Unit eigenvectors, `vectors[i]` belongs to `values[i]`. */
  vectors: Float64Array[];
}

export function symmetricEigen(matrix: Float64Array, n: number): Eigen {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  const at = (i: number): number => a[i] as number;
  for (let sweep = 0; sweep < 30; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += at(p * n + q) ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = at(p * n + q);
        if (Math.abs(apq) < 1e-15) continue;
        const theta = (at(q * n + q) - at(p * n + p)) / (2 * apq);
        const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = at(k * n + p);
          const akq = at(k * n + q);
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = at(p * n + k);
          const aqk = at(q * n + k);
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p] as number;
          const vkq = v[k * n + q] as number;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = [...Array(n).keys()].sort((i, j) => at(j * n + j) - at(i * n + i));
  return {
    values: order.map((i) => at(i * n + i)),
    vectors: order.map((i) => {
      const e = new Float64Array(n);
      for (let k = 0; k < n; k++) e[k] = v[k * n + i] as number;
      return e;
    }),
  };
}

/** Mean and covariance of the rows. */
export function meanAndCovariance(
  rows: readonly Float32Array[],
  n: number,
): { mean: Float64Array; cov: Float64Array } {
  const mean = new Float64Array(n);
  for (const row of rows)
    for (let j = 0; j < n; j++) mean[j] = (mean[j] as number) + (row[j] as number) / rows.length;
  const cov = new Float64Array(n * n);
  const centred = new Float64Array(n);
  for (const row of rows) {
    for (let j = 0; j < n; j++) centred[j] = (row[j] as number) - (mean[j] as number);
    for (let i = 0; i < n; i++) {
      const xi = centred[i] as number;
      const base = i * n;
      for (let j = i; j < n; j++) cov[base + j] = (cov[base + j] as number) + xi * (centred[j] as number);
    }
  }
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      const value = (cov[i * n + j] as number) / rows.length;
      cov[i * n + j] = value;
      cov[j * n + i] = value;
    }
  }
  return { mean, cov };
}
