import { compileGlob, explainInvalidGlob, isGlob, type Tool } from '@toolarsenal/toolmodel';
import { ToolsetError } from './errors.js';
import { toolId, toolName, toolNamespace } from './tool-fields.js';

/**
 * Tool patterns used by `include`/`exclude`, policies and per-turn selection.
 *
 * A pattern is an exact id or a glob: toolmodel's linear-time `compileGlob` (`*`, `?`, `[a-z]`,
 * `[!a-z]`, `{a,b}`), case-sensitive like tool ids and like toolrun's confirmation patterns.
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
const ALLOWED = /^[A-Za-z0-9_.\-:@*?[\]{}!,^]+$/;

/** Why `pattern` is not a usable tool pattern, or `undefined` when it is. */
export function explainInvalidPattern(pattern: unknown): string | undefined {
  if (typeof pattern !== 'string') return 'a pattern must be a string';
  if (pattern.length === 0) return 'a pattern must not be empty';
  if (pattern.length > MAX_PATTERN_LENGTH) return `pattern is longer than ${MAX_PATTERN_LENGTH} characters`;
  if (!ALLOWED.test(pattern)) {
    const bad = [...pattern].find((c) => !ALLOWED.test(c));
    return `pattern ${JSON.stringify(pattern)} contains ${JSON.stringify(bad)}; use tool-id characters and glob syntax (* ? [ ] { } !)`;
  }
  if (pattern.startsWith('!'))
    return `pattern ${JSON.stringify(pattern)} starts with "!": negation is not supported; use exclude or a deny rule`;
  if (pattern.indexOf('@') !== pattern.lastIndexOf('@'))
    return `pattern ${JSON.stringify(pattern)} has more than one "@"`;
  const reason = explainInvalidGlob(pattern);
  return reason === undefined
    ? undefined
    : `pattern ${JSON.stringify(pattern)} is not a valid glob: ${reason}`;
}

const MEMO_LIMIT = 50_000;

/** Several globs as one matcher (linear time in pattern × value, whatever the pattern). */
function globMatcher(globs: readonly string[]): (value: string) => boolean {
  const matchers = globs.map((g) => compileGlob(g));
  const test =
    matchers.length === 1
      ? matchers[0]!
      : (value: string) => {
          for (const m of matchers) if (m(value)) return true;
          return false;
        };
  // Names and namespaces repeat across many tools: remember each answer (bounded).
  const memo = new Map<string, boolean>();
  return (value) => {
    let hit = memo.get(value);
    if (hit === undefined) {
      hit = test(value);
      if (memo.size < MEMO_LIMIT) memo.set(value, hit);
    }
    return hit;
  };
}

export { isGlob };

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
 * one compiled glob matcher per key kind. Returns the first matching pattern from
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
  const idGlob = globs.id.length > 0 ? globMatcher(globs.id) : undefined;
  const versionlessGlob = globs.versionless.length > 0 ? globMatcher(globs.versionless) : undefined;
  const nameGlob = globs.name.length > 0 ? globMatcher(globs.name) : undefined;
  // Versionless exact ids are looked up as namespace → names, so no key string is built per test.
  const versionless = new Map<string, Set<string>>();
  for (const v of exact.versionless) {
    const colon = v.indexOf(':');
    const ns = v.slice(0, colon);
    let names = versionless.get(ns);
    if (names === undefined) {
      names = new Set();
      versionless.set(ns, names);
    }
    names.add(v.slice(colon + 1));
  }
  const exactName = exact.name.size > 0 ? exact.name : undefined;
  const exactId = exact.id.size > 0 ? exact.id : undefined;
  const hasVersionless = versionless.size > 0;
  const usesId = exactId !== undefined || idGlob !== undefined;
  const usesNamespace = hasVersionless || versionlessGlob !== undefined;
  const usesName = exactName !== undefined || nameGlob !== undefined || usesNamespace;
  // Each key is read from the tool at most once: tools come in many object shapes, so every
  // property read is a slow megamorphic load on the build path.
  const test: KeyMatcher = (tool) => {
    const name = usesName ? toolName(tool) : '';
    if (exactName !== undefined && exactName.has(name)) return true;
    if (usesId) {
      const id = toolId(tool as Tool);
      if (exactId !== undefined && exactId.has(id)) return true;
      if (idGlob !== undefined && idGlob(id)) return true;
    }
    if (usesNamespace) {
      const ns = toolNamespace(tool);
      if (hasVersionless && ns !== undefined && versionless.get(ns)?.has(name) === true) return true;
      if (versionlessGlob !== undefined && versionlessGlob(ns === undefined ? name : `${ns}:${name}`))
        return true;
    }
    return nameGlob !== undefined && nameGlob(name);
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
  const m = globMatcher([pattern]);
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
  if (globList.length === 0) return (value) => value !== undefined && exact.has(value);
  const glob = globMatcher(globList);
  return (value) => value !== undefined && (exact.has(value) || glob(value));
}
