import { markError, subclassGuard, ToolArsenalError, truncate } from './errors.js';

/**
 * One glob matcher for every pattern in ToolArsenal (toolset filters and policies, toolrun
 * confirmation patterns, OpenAPI operation and path filters).
 *
 * Patterns come from config files, CLI flags and per-turn lists, so matching must never blow up:
 * a glob is compiled to a small automaton and matched by simulating every state at once, which is
 * O(pattern × value) in the worst case — no backtracking RegExp, whatever the pattern.
 *
 * Syntax: `*` any run of characters, `?` one character, `[abc]` `[a-z]` `[!a-z]` `[^a-z]` one of a
 * set, `{a,b}` alternatives (nestable), `\x` a literal `x`. With `separator: '/'` (paths), `*`, `?`
 * and classes never match the separator and `**` matches across it. Matching is case-sensitive
 * unless `caseInsensitive` is set.
 */
export interface GlobOptions {
  /** A character that `*`, `?` and `[...]` do not match and `**` does (e.g. `/` for URL paths). */
  separator?: string | undefined;
  /** Compare without regard to case (ASCII and Unicode lower-casing). Default false. */
  caseInsensitive?: boolean | undefined;
}

export type GlobMatcher = (value: string) => boolean;

/** Longest accepted pattern, in characters. */
export const MAX_GLOB_LENGTH = 512;
/** Most alternatives a pattern's `{a,b}` groups may expand to. */
export const MAX_GLOB_ALTERNATIVES = 256;

const GLOB_ERROR = 'toolarsenal.error.glob';

/** Thrown by `compileGlob` for a pattern that is not a valid glob. */
export class GlobPatternError extends ToolArsenalError {
  readonly pattern: string;
  constructor(pattern: string, reason: string) {
    super('INVALID_GLOB', `Invalid pattern ${JSON.stringify(truncate(pattern, 200))}: ${reason}`);
    this.name = 'GlobPatternError';
    this.pattern = pattern;
    markError(this, GLOB_ERROR);
  }
  static override isInstance = subclassGuard<GlobPatternError>(GLOB_ERROR);
}

/** One element of a compiled glob (exported for tests of the step bound). */
export type GlobToken =
  | { kind: 'literal'; char: string }
  | { kind: 'one' }
  | { kind: 'class'; negated: boolean; chars: string; ranges: [string, string][] }
  | { kind: 'star' }
  | { kind: 'globstar' };

type Node = { kind: 'token'; token: GlobToken } | { kind: 'group'; alternatives: Node[][] };

/** True when `pattern` has an unescaped wildcard, class or alternative group. */
export function isGlob(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (c === '*' || c === '?' || c === '[' || c === '{') return true;
  }
  return false;
}

/** Why `pattern` is not a usable glob, or `undefined` when it is. */
export function explainInvalidGlob(pattern: unknown, options: GlobOptions = {}): string | undefined {
  if (typeof pattern !== 'string') return 'a pattern must be a string';
  try {
    compileGlob(pattern, options);
    return undefined;
  } catch (error) {
    if (GlobPatternError.isInstance(error)) return error.message.replace(/^Invalid pattern "[^]*?": /, '');
    throw error;
  }
}

/** Compiles one glob; throws `GlobPatternError` naming what is wrong. */
export function compileGlob(pattern: string, options: GlobOptions = {}): GlobMatcher {
  if (typeof pattern !== 'string') throw new GlobPatternError(String(pattern), 'a pattern must be a string');
  if (pattern.length === 0) throw new GlobPatternError(pattern, 'a pattern must not be empty');
  if (pattern.length > MAX_GLOB_LENGTH)
    throw new GlobPatternError(pattern, `a pattern must be at most ${MAX_GLOB_LENGTH} characters`);
  const separator = options.separator;
  if (separator !== undefined && [...separator].length !== 1)
    throw new GlobPatternError(pattern, 'the separator must be one character');
  const fold = options.caseInsensitive === true;
  const source = fold ? pattern.toLowerCase() : pattern;
  const alternatives = expand(
    new Parser(source, pattern, separator !== undefined).parseSequence(false),
    pattern,
  );
  const matchers = alternatives.map((tokens) => compileTokens(tokens, separator));
  const one =
    matchers.length === 1 ? matchers[0]! : (value: string) => matchers.some((matcher) => matcher(value));
  return fold ? (value) => one(value.toLowerCase()) : one;
}

/** Several globs as one matcher that answers whether any of them matches. */
export function compileGlobs(patterns: readonly string[], options: GlobOptions = {}): GlobMatcher {
  const matchers = patterns.map((p) => compileGlob(p, options));
  if (matchers.length === 1) return matchers[0]!;
  return (value) => {
    for (const matcher of matchers) if (matcher(value)) return true;
    return false;
  };
}

class Parser {
  #i = 0;
  constructor(
    private readonly text: string,
    private readonly original: string,
    private readonly globstar: boolean,
  ) {}

  parseSequence(inGroup: boolean): Node[][] {
    const alternatives: Node[][] = [];
    let current: Node[] = [];
    while (this.#i < this.text.length) {
      const c = this.text[this.#i]!;
      if (inGroup && c === ',') {
        this.#i++;
        alternatives.push(current);
        current = [];
        continue;
      }
      if (inGroup && c === '}') {
        this.#i++;
        alternatives.push(current);
        return alternatives;
      }
      current.push(this.#node());
    }
    if (inGroup) throw new GlobPatternError(this.original, 'unclosed "{"');
    alternatives.push(current);
    return alternatives;
  }

  #node(): Node {
    const c = this.text[this.#i]!;
    if (c === '\\') {
      const next = this.text[this.#i + 1];
      if (next === undefined) throw new GlobPatternError(this.original, 'a trailing "\\" escapes nothing');
      this.#i += 2;
      return literal(next);
    }
    if (c === '*') {
      let run = 0;
      while (this.text[this.#i] === '*') {
        this.#i++;
        run++;
      }
      return { kind: 'token', token: { kind: run >= 2 && this.globstar ? 'globstar' : 'star' } };
    }
    if (c === '?') {
      this.#i++;
      return { kind: 'token', token: { kind: 'one' } };
    }
    if (c === '[') return this.#class();
    if (c === '{') {
      this.#i++;
      return { kind: 'group', alternatives: this.parseSequence(true) };
    }
    if (c === ']' || c === '}') throw new GlobPatternError(this.original, `unbalanced "${c}"`);
    if (c === '(' || c === ')' || c === '|')
      throw new GlobPatternError(
        this.original,
        `"${c}" is not supported (extglobs are not); use {a,b} for alternatives or \\${c} for the character`,
      );
    this.#i++;
    return literal(c);
  }

  #class(): Node {
    const start = this.#i;
    this.#i++;
    let negated = false;
    if (this.text[this.#i] === '!' || this.text[this.#i] === '^') {
      negated = true;
      this.#i++;
    }
    let chars = '';
    const ranges: [string, string][] = [];
    let first = true;
    for (;;) {
      const c = this.text[this.#i];
      if (c === undefined) throw new GlobPatternError(this.original, `unclosed "[" at ${start}`);
      if (c === ']' && !first) {
        this.#i++;
        break;
      }
      first = false;
      let char = c;
      if (c === '\\') {
        const next = this.text[this.#i + 1];
        if (next === undefined) throw new GlobPatternError(this.original, `unclosed "[" at ${start}`);
        char = next;
        this.#i++;
      }
      this.#i++;
      if (
        this.text[this.#i] === '-' &&
        this.text[this.#i + 1] !== undefined &&
        this.text[this.#i + 1] !== ']'
      ) {
        let end = this.text[this.#i + 1]!;
        this.#i += 2;
        if (end === '\\') {
          const next = this.text[this.#i];
          if (next === undefined) throw new GlobPatternError(this.original, `unclosed "[" at ${start}`);
          end = next;
          this.#i++;
        }
        if (end < char) throw new GlobPatternError(this.original, `range "${char}-${end}" is out of order`);
        ranges.push([char, end]);
      } else {
        chars += char;
      }
    }
    return { kind: 'token', token: { kind: 'class', negated, chars, ranges } };
  }
}

function literal(char: string): Node {
  return { kind: 'token', token: { kind: 'literal', char } };
}

/** Expands `{a,b}` groups into plain token lists (bounded, so nested groups cannot explode). */
function expand(alternatives: Node[][], pattern: string): GlobToken[][] {
  const out: GlobToken[][] = [];
  for (const sequence of alternatives) {
    let partials: GlobToken[][] = [[]];
    for (const node of sequence) {
      if (node.kind === 'token') {
        for (const p of partials) p.push(node.token);
        continue;
      }
      const inner = expand(node.alternatives, pattern);
      const next: GlobToken[][] = [];
      for (const p of partials)
        for (const tail of inner) {
          next.push([...p, ...tail]);
          if (next.length > MAX_GLOB_ALTERNATIVES)
            throw new GlobPatternError(
              pattern,
              `{…} groups expand to more than ${MAX_GLOB_ALTERNATIVES} alternatives`,
            );
        }
      partials = next;
    }
    out.push(...partials);
    if (out.length > MAX_GLOB_ALTERNATIVES)
      throw new GlobPatternError(
        pattern,
        `{…} groups expand to more than ${MAX_GLOB_ALTERNATIVES} alternatives`,
      );
  }
  return out;
}

function compileTokens(tokens: GlobToken[], separator: string | undefined): GlobMatcher {
  // Adjacent stars are one star; a globstar absorbs neighbouring stars.
  const merged: GlobToken[] = [];
  for (const token of tokens) {
    const last = merged[merged.length - 1];
    if (
      (token.kind === 'star' || token.kind === 'globstar') &&
      (last?.kind === 'star' || last?.kind === 'globstar')
    ) {
      if (token.kind === 'globstar') merged[merged.length - 1] = token;
      continue;
    }
    merged.push(token);
  }
  const fast = fastPath(merged, separator);
  if (fast) return fast;
  return (value) => simulate(merged, value, separator);
}

/** Literal, `prefix*`, `*suffix` and `*infix*` patterns (most real ones) skip the automaton. */
function fastPath(tokens: GlobToken[], separator: string | undefined): GlobMatcher | undefined {
  const isStar = (t: GlobToken | undefined) =>
    t !== undefined && (t.kind === 'globstar' || (t.kind === 'star' && separator === undefined));
  const literals = (from: number, to: number): string | undefined => {
    let text = '';
    for (let i = from; i < to; i++) {
      const t = tokens[i]!;
      if (t.kind !== 'literal') return undefined;
      text += t.char;
    }
    return text;
  };
  const n = tokens.length;
  const whole = literals(0, n);
  if (whole !== undefined) return (value) => value === whole;
  if (n >= 1 && isStar(tokens[n - 1])) {
    const prefix = literals(0, n - 1);
    if (prefix !== undefined) return (value) => value.startsWith(prefix);
  }
  if (n >= 1 && isStar(tokens[0])) {
    const suffix = literals(1, n);
    if (suffix !== undefined) return (value) => value.endsWith(suffix);
  }
  if (n >= 2 && isStar(tokens[0]) && isStar(tokens[n - 1])) {
    const infix = literals(1, n - 1);
    if (infix !== undefined) return (value) => value.includes(infix);
  }
  return undefined;
}

function matchesOne(token: GlobToken, char: string, separator: string | undefined): boolean {
  if (token.kind === 'literal') return token.char === char;
  if (char === separator) return false;
  if (token.kind === 'one') return true;
  if (token.kind !== 'class') return false;
  let hit = token.chars.includes(char);
  if (!hit) for (const [from, to] of token.ranges) if (char >= from && char <= to) hit = true;
  return hit !== token.negated;
}

/**
 * Runs the pattern as an NFA over `value`, every live state at once: at most
 * `(tokens + 1) × (characters + 1)` steps, whatever the pattern and value. Exported for tests.
 */
export function simulate(
  tokens: readonly GlobToken[],
  value: string,
  separator: string | undefined,
  steps?: { count: number },
): boolean {
  const m = tokens.length;
  let current = new Uint8Array(m + 1);
  let next = new Uint8Array(m + 1);
  const close = (set: Uint8Array) => {
    // A star may match nothing: state i before a star also means state i + 1.
    for (let i = 0; i < m; i++) {
      const kind = tokens[i]!.kind;
      if (set[i] === 1 && (kind === 'star' || kind === 'globstar')) set[i + 1] = 1;
    }
  };
  current[0] = 1;
  close(current);
  for (let at = 0; at < value.length; at++) {
    const char = value[at]!;
    next.fill(0);
    let alive = false;
    for (let i = 0; i < m; i++) {
      if (current[i] !== 1) continue;
      if (steps) steps.count++;
      const token = tokens[i]!;
      if (token.kind === 'star' || token.kind === 'globstar') {
        if (token.kind === 'globstar' || char !== separator) {
          next[i] = 1;
          alive = true;
        }
      } else if (matchesOne(token, char, separator)) {
        next[i + 1] = 1;
        alive = true;
      }
    }
    if (!alive) return false;
    close(next);
    [current, next] = [next, current];
  }
  return current[m] === 1;
}

/** The token lists a pattern compiles to (for tests of the step bound). */
export function globTokens(pattern: string, options: GlobOptions = {}): GlobToken[][] {
  return expand(new Parser(pattern, pattern, options.separator !== undefined).parseSequence(false), pattern);
}
