import picomatch from 'picomatch';
import { ToolsetError } from './errors.js';

/**
 * Tool patterns used by `include`/`exclude`, policies and per-turn selection.
 *
 * A pattern is an exact id or a glob (picomatch syntax: `*`, `?`, `[a-z]`, `{a,b}`, `!(x)`).
 * What it is compared with depends on its shape, so short patterns stay short:
 * - contains `@` → the full id `namespace:name@version`
 * - contains `:` → the versionless id `namespace:name`
 * - otherwise   → the bare tool name (in any namespace), e.g. `delete_*`
 */
export interface ToolKeys {
  id: string;
  name: string;
  namespace?: string | undefined;
}

export type KeyMatcher = (tool: ToolKeys) => boolean;

const MAX_PATTERN_LENGTH = 512;
const ALLOWED = /^[A-Za-z0-9_.\-:@*?[\]{}!,()|+^]+$/;

/** Why `pattern` is not a usable tool pattern, or `undefined` when it is. */
export function explainInvalidPattern(pattern: unknown): string | undefined {
  if (typeof pattern !== 'string') return 'a pattern must be a string';
  if (pattern.length === 0) return 'a pattern must not be empty';
  if (pattern.length > MAX_PATTERN_LENGTH) return `pattern is longer than ${MAX_PATTERN_LENGTH} characters`;
  if (!ALLOWED.test(pattern)) {
    const bad = [...pattern].find((c) => !ALLOWED.test(c));
    return `pattern ${JSON.stringify(pattern)} contains ${JSON.stringify(bad)}; use tool-id characters and glob syntax (* ? [ ] { } !)`;
  }
  const balance = checkBalanced(pattern);
  if (balance) return `pattern ${JSON.stringify(pattern)} is not a valid glob: ${balance}`;
  if (pattern.indexOf('@') !== pattern.lastIndexOf('@'))
    return `pattern ${JSON.stringify(pattern)} has more than one "@"`;
  try {
    picomatch.makeRe(pattern, OPTIONS);
  } catch (error) {
    return `pattern ${JSON.stringify(pattern)} is not a valid glob: ${(error as Error).message}`;
  }
  return undefined;
}

function checkBalanced(pattern: string): string | undefined {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ']': '[', '}': '{', ')': '(' };
  for (const c of pattern) {
    if (c === '[' || c === '{' || c === '(') stack.push(c);
    else if (c === ']' || c === '}' || c === ')') {
      if (stack.pop() !== pairs[c]) return `unbalanced "${c}"`;
    }
  }
  const open = stack.pop();
  return open === undefined ? undefined : `unclosed "${open}"`;
}

const OPTIONS: picomatch.PicomatchOptions = { dot: true, nobrace: false, strictBrackets: true };

export function isGlob(pattern: string): boolean {
  return picomatch.scan(pattern).isGlob;
}

/** Throws `ToolsetError(TOOLSET_BAD_PATTERN)` for the first invalid pattern. */
export function assertPatterns(patterns: readonly unknown[], where: string): asserts patterns is string[] {
  for (const p of patterns) {
    const reason = explainInvalidPattern(p);
    if (reason) throw new ToolsetError('TOOLSET_BAD_PATTERN', `${where}: ${reason}`);
  }
}

type KeyKind = 'id' | 'versionless' | 'name';

function kindOf(pattern: string): KeyKind {
  if (pattern.includes('@')) return 'id';
  if (pattern.includes(':')) return 'versionless';
  return 'name';
}

function keyOf(tool: ToolKeys, kind: KeyKind): string {
  if (kind === 'id') return tool.id;
  if (kind === 'name') return tool.name;
  return tool.namespace === undefined ? tool.name : `${tool.namespace}:${tool.name}`;
}

/**
 * Compiles patterns once into one matcher: exact patterns become Set lookups, globs become
 * one precompiled picomatch matcher per key kind. Returns the first matching pattern from
 * `which` (for explanations) and a fast boolean `test`.
 */
export interface CompiledPatterns {
  readonly patterns: readonly string[];
  readonly empty: boolean;
  test: KeyMatcher;
  which(tool: ToolKeys): string | undefined;
}

export function compilePatterns(patterns: readonly string[], where = 'pattern'): CompiledPatterns {
  assertPatterns(patterns, where);
  const exact: Record<KeyKind, Set<string>> = { id: new Set(), versionless: new Set(), name: new Set() };
  const globs: Record<KeyKind, string[]> = { id: [], versionless: [], name: [] };
  for (const p of patterns) {
    if (isGlob(p)) globs[kindOf(p)].push(p);
    else exact[kindOf(p)].add(p);
  }
  const matchers: Array<[KeyKind, (s: string) => boolean]> = [];
  for (const kind of ['id', 'versionless', 'name'] as const) {
    if (globs[kind].length > 0) matchers.push([kind, picomatch(globs[kind], OPTIONS)]);
  }
  const hasExact = exact.id.size + exact.versionless.size + exact.name.size > 0;
  const test: KeyMatcher = (tool) => {
    if (hasExact) {
      if (exact.name.has(tool.name) || exact.id.has(tool.id)) return true;
      if (exact.versionless.size > 0 && exact.versionless.has(keyOf(tool, 'versionless'))) return true;
    }
    for (const [kind, m] of matchers) if (m(keyOf(tool, kind))) return true;
    return false;
  };
  const single = patterns.map((p) => [p, compileOne(p)] as const);
  return {
    patterns: Object.freeze([...patterns]),
    empty: patterns.length === 0,
    test,
    which: (tool) => single.find(([, m]) => m(tool))?.[0],
  };
}

function compileOne(pattern: string): KeyMatcher {
  const kind = kindOf(pattern);
  if (!isGlob(pattern)) return (tool) => keyOf(tool, kind) === pattern;
  const m = picomatch(pattern, OPTIONS);
  return (tool) => m(keyOf(tool, kind));
}

/** Matches plain strings (namespaces, categories) against exact values or globs. */
export function compileStringPatterns(
  patterns: readonly string[],
  where: string,
): (value: string | undefined) => boolean {
  assertPatterns(patterns, where);
  const exact = new Set(patterns.filter((p) => !isGlob(p)));
  const globList = patterns.filter(isGlob);
  const glob = globList.length > 0 ? picomatch(globList, OPTIONS) : undefined;
  return (value) => value !== undefined && (exact.has(value) || glob?.(value) === true);
}
