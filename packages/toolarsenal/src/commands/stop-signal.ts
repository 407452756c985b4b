/** Resolves when the process is asked to stop (SIGINT/SIGTERM) or, for stdio, when stdin ends. */
export type StopSignal = (onStop: () => void) => void;

/** The long-running commands' (`serve`, `inspect`) default: stop on SIGINT or SIGTERM. */
export const processStop: StopSignal = (onStop) => {
  process.once('SIGINT', onStop);
  process.once('SIGTERM', onStop);
};
