import type { SourceState } from './sources/source.js';

/** The health endpoint's body (`@toolarsenal/mcp`'s `HealthReport`). */
export interface HealthReport {
  /** `ok`: every source ready; `degraded`: some are not; `down`: sources exist and none is ready. */
  status: 'ok' | 'degraded' | 'down';
  sources: SourceState[];
  tools: number;
  inFlight: number;
  [key: string]: unknown;
}

export function healthOf(sources: SourceState[], inFlight: number): HealthReport {
  const ready = sources.filter((s) => s.status === 'ready').length;
  const status = ready === sources.length ? 'ok' : ready === 0 ? 'down' : 'degraded';
  return {
    status,
    sources,
    tools: sources.reduce((n, s) => n + s.tools, 0),
    inFlight,
  };
}
