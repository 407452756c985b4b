import { createAjv } from '@toolarsenal/toolmodel';

const compiles = new Map<string, boolean>();
const runs = new Map<string, boolean>();
const MAX_CACHED = 10_000;

type RegExpEngine = (pattern: string, flags: string) => unknown;
let engine: RegExpEngine | undefined;

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
 * True when `pattern` compiles as a JavaScript regular expression in unicode mode, the mode JSON
 * Schema validators use (ajv's `unicodeRegExp`), which refuses escapes legacy mode tolerates (`\:`).
 */
export function isUnicodeRegex(pattern: string): boolean {
  let ok = compiles.get(pattern);
  if (ok === undefined) {
    try {
      new RegExp(pattern, 'u');
      ok = true;
    } catch {
      ok = false;
    }
    if (compiles.size < MAX_CACHED) compiles.set(pattern, ok);
  }
  return ok;
}

/** Escapes that mean something in unicode mode (outside a class; `-` and `b` also inside one). */
const MEANINGFUL = new Set([...'^$\\.*+?()[]{}|/fnrtvdDwWsSbB0123456789cxupPk']);
const QUANTIFIER = /^\{\d+(,\d*)?\}/;

/**
 * Rewrites a pattern written for legacy-mode regular expressions (as OpenAPI authors test them) so
 * it means the same in unicode mode: identity escapes of plain characters lose their backslash
 * (`\:` → `:`), lone `{`, `}` and `]` are escaped. Returns `undefined` when the result still does
 * not compile (the caller drops the pattern and says so).
 */
export function repairUnicodeRegex(pattern: string): string | undefined {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) return undefined;
      i++;
      out += MEANINGFUL.has(next) || (inClass && next === '-') ? `\\${next}` : next;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '{') {
      const quantifier = QUANTIFIER.exec(pattern.slice(i, i + 32))?.[0];
      out += quantifier ?? '\\{';
      i += quantifier ? quantifier.length - 1 : 0;
      continue;
    }
    if (c === '}' || c === ']') {
      out += `\\${c}`;
      continue;
    }
    if (c === '[') inClass = true;
    out += c;
  }
  return runsOnValidators(out) ? out : undefined;
}
