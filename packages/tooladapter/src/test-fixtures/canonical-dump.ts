/**
 * A text form of what `toCanonical` returns that two builds can be compared by: JSON with key order
 * kept, a `~` before every frozen object or array, accessors (contentHash) read, and errors as
 * class, code, reason, pointer and message. Used by bench/canonical-snapshot.ts and the
 * canonical-output corpus test.
 */
export function dumpValue(value: unknown): string {
  if (value === null || typeof value !== 'object')
    return value === undefined ? 'undefined' : JSON.stringify(value);
  const mark = Object.isFrozen(value) ? '~' : '';
  if (Array.isArray(value)) return `${mark}[${value.map(dumpValue).join(',')}]`;
  const parts = Object.keys(value).map(
    (k) => `${JSON.stringify(k)}:${dumpValue((value as Record<string, unknown>)[k])}`,
  );
  return `${mark}{${parts.join(',')}}`;
}

/** `dumpValue` of what `run` returns, or a line naming the error it throws. */
export function dumpOutcome(run: () => unknown): string {
  try {
    return dumpValue(run());
  } catch (error) {
    const e = error as { name?: string; code?: string; reason?: string; pointer?: string; message?: string };
    return `ERROR ${e.name} ${e.code} ${e.reason ?? ''} ${e.pointer ?? ''} ${e.message}`;
  }
}
