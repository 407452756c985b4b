/** Settings and results shared by bench/gemini-peers.ts and the runs it starts (gemini-peers-run.ts). */

/**
 * Runs, each a process of its own. Within a process the samples agree to a few per cent, but the
 * ratio moves between processes on the same idle machine (1.36–1.79× from canonical tools in one
 * hour: the JIT's choices and the machine's speed differ per process), so one process cannot judge it.
 * `GEMINI_PEERS_RUNS=n` sets another number (1 for a quick look).
 */
export const PEER_PROCESSES = Number(process.env.GEMINI_PEERS_RUNS) || 5;
/** Timed samples per contender in each run, taken in turns. */
export const PEER_SAMPLES = 15;
/**
 * Warm-up passes before the timed samples: fewer passes measure mostly unoptimised code. 40 passes
 * are not V8's steady state for tooladapter's larger code (it keeps speeding up for several hundred
 * more; the README gives the figures after 1,000), so the goal is judged on the stricter, earlier state.
 */
export const PEER_WARMUP = 40;
/**
 * Passes over the corpus per timed sample: one pass of the AI SDK takes about a millisecond, too
 * short for a stable median (it swung ±30% between runs); 20 passes make every sample 20+ ms.
 */
export const PEER_PASSES = 20;

/** What one run of bench/gemini-peers-run.ts reports to bench/gemini-peers.ts. */
export interface PeerRun {
  corpusTools: number;
  /** The tools every converter handles, on which speed is measured. */
  speedTools: number;
  taRejected: number;
  aiThrows: number;
  aiRejected: number;
  mastraThrows: number;
  /** Speed tools whose input schema Ajv's 2020-12 meta-schema refuses (the validating peer's verdict). */
  metaRejected: number;
  /** Tools whose `convert` result differs from `fromCanonical(toCanonical(raw))` (must be 0). */
  convertDiffers: number;
  /** Median CPU milliseconds per pass over the speed tools. */
  cpu: {
    taCanonical: number;
    aiCanonical: number;
    taConvert: number;
    taRaw: number;
    taParse: number;
    aiRaw: number;
    /** Ajv's meta-schema check on each input schema, then the AI SDK. */
    aiValidated: number;
    mastraCanonical: number;
    mastraRaw: number;
  };
  /** Median wall milliseconds per pass, same samples. */
  wall: { taCanonical: number; aiCanonical: number; taConvert: number; aiRaw: number };
  /** One-minute load average at the end of the run. */
  load: number;
}
