import { createAjv, invalidPatternReason, toUnicodePattern } from '@toolarsenal/toolmodel';

const runs = new Map<string, boolean>();
const MAX_CACHED = 10_000;

type RegExpEngine = (pattern: string, flags: string) => unknown;
let engine: RegExpEngine | undefined;

/** True when `pattern` compiles in unicode mode, the mode JSON Schema validators use. */
export function isUnicodeRegex(pattern: string): boolean {
  return invalidPatternReason(pattern) === undefined;
}

/**
 * True when toolmodel's validators can run `pattern`: valid in unicode mode and accepted by the
 * engine they compile patterns with (linear-time RE2: no lookaround, no backreferences).
 */
export function runsOnValidators(pattern: string): boolean {
  if (!isUnicodeRegex(pattern)) return false;
  let ok = runs.get(pattern);
  if (ok === undefined) {
    engine ??= (createAjv().opts.code.regExp ?? ((p: string, f: string) => new RegExp(p, f))) as RegExpEngine;
    try {
      engine(pattern, 'u');
      ok = true;
    } catch {
      ok = false;
    }
    if (runs.size < MAX_CACHED) runs.set(pattern, ok);
  }
  return ok;
}

/**
 * toolmodel's `toUnicodePattern` (a legacy-mode pattern rewritten to the same meaning in unicode
 * mode), kept only when the result also runs on the validators' engine.
 */
export function repairUnicodeRegex(pattern: string): string | undefined {
  const out = toUnicodePattern(pattern);
  return out !== undefined && runsOnValidators(out) ? out : undefined;
}
