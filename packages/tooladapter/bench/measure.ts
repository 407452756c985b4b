/** Timing helpers shared by the tooladapter benchmarks: medians after warm-up runs. */
export const RUNS = 9;
export const WARMUP = 3;

export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}

/**
 * Median CPU milliseconds (user + system, all threads of this process, so garbage collection
 * counts) of `fn` over `RUNS` runs after `WARMUP` warm-up runs. CPU time rather than wall time:
 * the machines these run on are shared, and other processes' load would otherwise show up as ours.
 */
export async function timeMs(fn: () => unknown | Promise<unknown>, runs = RUNS): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return median(times);
}

export const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

/**
 * Median CPU milliseconds of each function, run in turns (`a, b, c, a, b, c, …`) so that a noisy
 * stretch of a shared machine affects every contender alike, not whichever ran at that moment.
 * Each sample runs the function `passes` times and counts as the time of one pass: a sample of
 * about a millisecond swings with every timer tick and collection, longer ones give a stable
 * median. `wall` (when given) receives the median wall milliseconds per pass, for reports under load.
 */
export async function compareMs(
  fns: ReadonlyArray<() => unknown | Promise<unknown>>,
  runs = RUNS,
  warmup = WARMUP,
  passes = 1,
  wall?: number[],
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) for (const fn of fns) await fn();
  const times: number[][] = fns.map(() => []);
  const walls: number[][] = fns.map(() => []);
  for (let run = 0; run < runs; run++)
    for (let k = 0; k < fns.length; k++) {
      const fn = fns[k]!;
      const start = process.cpuUsage();
      const startWall = performance.now();
      for (let p = 0; p < passes; p++) await fn();
      walls[k]!.push((performance.now() - startWall) / passes);
      const used = process.cpuUsage(start);
      times[k]!.push((used.user + used.system) / 1000 / passes);
    }
  if (wall) wall.push(...walls.map(median));
  return times.map(median);
}
