import { invalidPatternReason } from './regex-check.js';

/**
 * Rewrites a legacy-mode `pattern` (what many OpenAPI documents carry) into an equivalent one that
 * compiles in unicode mode, the mode validators here compile patterns in. Only rewrites that keep
 * the legacy meaning are made: identity escapes of ordinary characters (`\:` → `:`), a `-` next to
 * a class escape inside a class (`[\w-.]` → `[\w\-.]`, literal in legacy mode), and lone braces or
 * `]` outside a class (literal in legacy mode) escaped. Returns `undefined` when the pattern is
 * invalid in legacy mode too, or still invalid after these rewrites (octal escapes, for example).
 */
export function toUnicodePattern(pattern: string): string | undefined {
  if (invalidPatternReason(pattern) === undefined) return pattern;
  try {
    new RegExp(pattern);
  } catch {
    return undefined;
  }
  const out = rewrite(pattern);
  return out !== undefined && invalidPatternReason(out) === undefined ? out : undefined;
}

/** Escapes that mean something in unicode mode; any other escaped character is a legacy identity escape. */
const MEANINGFUL_ESCAPES = new Set('^$\\.*+?()[]{}|/fnrtvdDwWsSbB0123456789cxupPk');
const CLASS_ESCAPES = new Set('dDsSwW');
const QUANTIFIER = /^\{\d+(?:,\d*)?\}/;

function rewrite(pattern: string): string | undefined {
  let out = '';
  let inClass = false;
  let classBody = 0; // where the current class's members start in `out`
  // Inside a class: whether the atom just emitted was a class escape (\d, \w…), which cannot bound a range.
  let afterClassEscape = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) return undefined;
      i++;
      const kept = MEANINGFUL_ESCAPES.has(next) || (inClass && next === '-');
      out += kept ? `\\${next}` : next;
      afterClassEscape = inClass && CLASS_ESCAPES.has(next);
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      else if (c === '-' && pattern[i + 1] !== ']' && out.length > classBody) {
        const beforeClassEscape = pattern[i + 1] === '\\' && CLASS_ESCAPES.has(pattern[i + 2] ?? '');
        out += afterClassEscape || beforeClassEscape ? '\\-' : '-';
        afterClassEscape = false;
        continue;
      }
      out += c;
      afterClassEscape = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += pattern[i + 1] === '^' ? '[^' : '[';
      if (pattern[i + 1] === '^') i++;
      classBody = out.length;
    } else if (c === '{') {
      const quantifier = QUANTIFIER.exec(pattern.slice(i))?.[0];
      if (quantifier !== undefined) {
        out += quantifier;
        i += quantifier.length - 1;
      } else out += '\\{';
    } else if (c === '}' || c === ']') out += `\\${c}`;
    else out += c;
  }
  return out;
}
