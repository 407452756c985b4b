/** Markdown table helpers and timing for the bench scripts. */

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
export const median = (values: readonly number[]) => percentile(values, 50);

/** Wall and CPU milliseconds of one call: on a shared, overloaded machine CPU time is the stabler figure. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const value = await fn();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  return { value, wall, cpu: (cpu.user + cpu.system) / 1000 };
}

export const f1 = (x: number) => x.toFixed(1);
export const ms = (x: number) => (x < 1 ? x.toFixed(3) : x.toFixed(2));

export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...cells.slice(1).map(line),
  ].join('\n');
}
