import { createRequire } from 'node:module';
import type { Ajv2020, Options } from 'ajv/dist/2020.js';
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';
import { RE2JS } from 're2js';
import { InvalidArgumentError } from './errors.js';

/**
 * ajv and ajv-formats (CommonJS) are required on the first `createAjv`, not when this package is
 * imported: validators compile on a tool's first call, so a process that only lists tools (a
 * gateway starting up, a CLI converting files) never pays their load time.
 */
const require = createRequire(import.meta.url);
let ajvClasses: { Ajv2020: typeof Ajv2020; addFormats: (ajv: Ajv2020) => Ajv2020 } | undefined;

function ajvModules(): NonNullable<typeof ajvClasses> {
  if (ajvClasses) return ajvClasses;
  // ajv-formats' default export arrives as `module.exports` with a `.default`.
  const formats = require('ajv-formats') as { default?: unknown };
  ajvClasses = {
    Ajv2020: (require('ajv/dist/2020') as { Ajv2020: typeof Ajv2020 }).Ajv2020,
    addFormats: (formats.default ?? formats) as (ajv: Ajv2020) => Ajv2020,
  };
  return ajvClasses;
}

/**
 * Rewrites the JavaScript-only escapes schemas use into RE2 syntax: `\uXXXX` and `\u{X…}` become
 * `\x{…}` (a surrogate pair becomes its code point) and the JavaScript class `[^]` ("any
 * character") becomes `[\s\S]`. Escaped backslashes and everything else are left alone.
 */
export function translatePattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === 'u') {
        const escape = unicodeEscape(pattern, i);
        if (escape) {
          out += `\\x{${escape.hex}}`;
          i = escape.end - 1;
          continue;
        }
      }
      out += next === undefined ? c : c + next;
      i++;
      continue;
    }
    if (!inClass && c === '[' && pattern[i + 1] === '^' && pattern[i + 2] === ']') {
      out += '[\\s\\S]';
      i += 2;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    out += c;
  }
  return out;
}

/** `\uXXXX` (joined with a following low surrogate) or `\u{X…}` at `at`; `end` is the index after it. */
function unicodeEscape(pattern: string, at: number): { hex: string; end: number } | undefined {
  if (pattern[at + 2] === '{') {
    const close = pattern.indexOf('}', at + 3);
    const hex = close < 0 ? '' : pattern.slice(at + 3, close);
    return /^[0-9a-fA-F]{1,6}$/.test(hex) ? { hex, end: close + 1 } : undefined;
  }
  const hex = pattern.slice(at + 2, at + 6);
  if (!/^[0-9a-fA-F]{4}$/.test(hex)) return undefined;
  const high = Number.parseInt(hex, 16);
  if (high >= 0xd800 && high <= 0xdbff && pattern.startsWith('\\u', at + 6)) {
    const lowHex = pattern.slice(at + 8, at + 12);
    const low = /^[0-9a-fA-F]{4}$/.test(lowHex) ? Number.parseInt(lowHex, 16) : 0;
    if (low >= 0xdc00 && low <= 0xdfff) {
      const point = (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      return { hex: point.toString(16), end: at + 12 };
    }
  }
  return { hex, end: at + 6 };
}

/**
 * ajv's `code.regExp` engine: schema `pattern`s (and `patternProperties`, `propertyNames`) run on
 * RE2JS, whose matching time is linear in the input, so a catastrophic pattern from an untrusted
 * schema (`^(a+)+$`) cannot block the event loop. RE2 has no lookaround and no backreferences —
 * the features that need backtracking — so such patterns fail to compile, with a message saying so.
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string): RegExpLike => {
    let compiled: RE2JS;
    try {
      compiled = RE2JS.compile(translatePattern(pattern));
    } catch (error) {
      throw new Error(
        `pattern ${JSON.stringify(pattern.slice(0, 200))} cannot run on the linear-time engine (RE2 syntax: no lookaround, no backreferences): ${(error as Error).message}`,
      );
    }
    // ajv keys compiled patterns by `toString()`: it must differ per pattern.
    const source = `/${pattern}/${flags}`;
    const like: RegExpLike & { toString(): string } = {
      test: (value: string) => compiled.test(value),
      toString: () => source,
    };
    return like;
  },
  { code: 'linearRegExp (re2js)' },
);

/**
 * Why a schema `pattern` cannot run on the linear-time engine validators use (RE2: no lookaround,
 * no backreferences), or `undefined` when it can. Compiling a pattern costs far less than
 * compiling a whole validator, so runners check this at registration and compile validators later.
 */
export function linearPatternProblem(pattern: string): string | undefined {
  if (typeof pattern !== 'string') throw new InvalidArgumentError('pattern', 'a string', pattern);
  try {
    RE2JS.compile(translatePattern(pattern));
    return undefined;
  } catch (error) {
    return `pattern ${JSON.stringify(pattern.slice(0, 200))} cannot run on the linear-time engine (RE2 syntax: no lookaround, no backreferences): ${(error as Error).message}`;
  }
}

/**
 * A JSON Schema 2020-12 validator configured for tool schemas from the wild: unknown keywords
 * and formats are tolerated (real schemas carry `nullable`, `example`, vendor extensions),
 * every error is collected, nothing is logged, and `pattern`s run on a linear-time engine.
 */
export function createAjv(options: Options = {}): Ajv2020 {
  const { Ajv2020, addFormats } = ajvModules();
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    logger: false,
    validateFormats: true,
    unicodeRegExp: true,
    // Own properties only: `constructor`, `toString`… are legitimate parameter names, and without
    // this `required: ["constructor"]` passes on {} (it finds Object.prototype.constructor).
    ownProperties: true,
    ...options,
    code: { regExp: linearRegExp, ...options.code },
  });
  addFormats(ajv);
  return ajv;
}

export type { Ajv2020 };
