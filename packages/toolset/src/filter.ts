import type { Tool } from '@toolarsenal/toolmodel';
import { compileHints, type HintName, hintValue } from './annotations.js';
import { ToolsetError } from './errors.js';
import type { ClauseCheck } from './explanation.js';
import { type CompiledPatterns, compilePatterns, compileStringPatterns } from './patterns.js';
import { toolNamespace, toolTags } from './tool-fields.js';

/** A named predicate added with `where`. */
export interface WherePredicate {
  label: string;
  fn: (tool: Tool) => boolean;
}

/**
 * The declarative selection of a builder set (everything but `where` is plain data, so config
 * files produce the same thing). See `compileFilter` for how the parts combine.
 */
export interface FilterSpec {
  namespaces: string[];
  tagsAny: string[];
  tagsAll: string[];
  tagsNone: string[];
  categories: string[];
  sources: string[];
  capabilitiesAllow: string[] | undefined;
  capabilitiesDeny: string[];
  annotations: Array<[HintName, boolean]>;
  include: string[];
  exclude: string[];
  where: WherePredicate[];
}

export function emptyFilter(): FilterSpec {
  return {
    namespaces: [],
    tagsAny: [],
    tagsAll: [],
    tagsNone: [],
    categories: [],
    sources: [],
    capabilitiesAllow: undefined,
    capabilitiesDeny: [],
    annotations: [],
    include: [],
    exclude: [],
    where: [],
  };
}

interface Clause {
  kind: string;
  test: (tool: Tool) => boolean;
  detail: (tool: Tool, passed: boolean) => string;
}

/** A filter compiled into closures: `test` for speed, `explain` for the why. */
export interface CompiledFilter {
  test(tool: Tool): boolean;
  explain(tool: Tool): { included: boolean; reason: string; checks: ClauseCheck[] };
  /** True when the filter has selection clauses (besides include/exclude). */
  readonly selective: boolean;
}

const list = (values: readonly string[]) => `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;

/**
 * Combination rules (documented in the README and tested one by one):
 * 1. Values given to one clause kind combine with that kind's own operator: `namespace`,
 *    `category`, `source` and `tagsAny` match ANY value; `tagsAll` needs EVERY tag; `tagsNone`,
 *    `capabilities.deny` and `exclude` forbid EVERY value; `capabilities.allow` requires every
 *    capability of the tool to be allowed; `annotations` needs every listed hint; each `where`
 *    predicate must hold. Repeated calls of the same kind add values under the same operator.
 * 2. Different clause kinds AND together.
 * 3. `include` adds tools back: a tool matching an include pattern is a member even when it
 *    fails the clauses. With no selection clause at all, `include` alone defines the set (and
 *    with neither, the set is the whole source).
 * 4. `exclude` always wins, over clauses and over `include`.
 * An optional `base` clause (from `extend`) is one more ANDed clause.
 */
export function compileFilter(spec: FilterSpec, base?: Clause): CompiledFilter {
  const clauses: Clause[] = [];
  if (base) clauses.push(base);
  if (spec.namespaces.length > 0) {
    const m = compileStringPatterns(spec.namespaces, 'namespace');
    clauses.push({
      kind: 'namespace',
      test: (t) => m(toolNamespace(t)),
      detail: (t, ok) =>
        `namespace ${JSON.stringify(t.namespace ?? '(none)')} ${ok ? 'matches' : 'matches none of'} ${list(spec.namespaces)}`,
    });
  }
  if (spec.tagsAny.length > 0) {
    const set = new Set(spec.tagsAny);
    clauses.push({
      kind: 'tagsAny',
      test: (t) => hasAny(toolTags(t), set),
      detail: (t, ok) =>
        ok
          ? `has tag ${JSON.stringify(t.tags.find((tag) => set.has(tag)))}`
          : `has none of the tags ${list(spec.tagsAny)}`,
    });
  }
  if (spec.tagsAll.length > 0) {
    const needed = [...new Set(spec.tagsAll)];
    clauses.push({
      kind: 'tagsAll',
      test: (t) => hasEvery(toolTags(t), needed),
      detail: (t, ok) =>
        ok
          ? `has all of the tags ${list(needed)}`
          : `lacks tag ${JSON.stringify(needed.find((tag) => !t.tags.includes(tag)))}`,
    });
  }
  if (spec.tagsNone.length > 0) {
    const set = new Set(spec.tagsNone);
    clauses.push({
      kind: 'tagsNone',
      test: (t) => !hasAny(toolTags(t), set),
      detail: (t, ok) =>
        ok
          ? `has none of the forbidden tags ${list(spec.tagsNone)}`
          : `has forbidden tag ${JSON.stringify(t.tags.find((tag) => set.has(tag)))}`,
    });
  }
  if (spec.categories.length > 0) {
    const set = new Set(spec.categories);
    clauses.push({
      kind: 'category',
      test: (t) => t.category !== undefined && set.has(t.category),
      detail: (t, ok) =>
        `category ${JSON.stringify(t.category ?? '(none)')} ${ok ? 'is one of' : 'is not one of'} ${list(spec.categories)}`,
    });
  }
  if (spec.sources.length > 0) {
    const set = new Set(spec.sources);
    clauses.push({
      kind: 'source',
      test: (t) => set.has(t.source),
      detail: (t, ok) =>
        `source ${JSON.stringify(t.source)} ${ok ? 'is one of' : 'is not one of'} ${list(spec.sources)}`,
    });
  }
  if (spec.capabilitiesAllow !== undefined) {
    const allowed = new Set(spec.capabilitiesAllow);
    clauses.push({
      kind: 'capabilities',
      test: (t) => allIn(t.capabilities, allowed),
      detail: (t, ok) =>
        ok
          ? `every capability is allowed (${list(spec.capabilitiesAllow ?? [])})`
          : `capability ${JSON.stringify(t.capabilities.find((c) => !allowed.has(c)))} is not allowed`,
    });
  }
  if (spec.capabilitiesDeny.length > 0) {
    const denied = new Set(spec.capabilitiesDeny);
    clauses.push({
      kind: 'capabilities',
      test: (t) => !hasAny(t.capabilities, denied),
      detail: (t, ok) =>
        ok
          ? `has none of the denied capabilities ${list(spec.capabilitiesDeny)}`
          : `has denied capability ${JSON.stringify(t.capabilities.find((c) => denied.has(c)))}`,
    });
  }
  if (spec.annotations.length > 0) {
    const wanted = spec.annotations;
    clauses.push({
      kind: 'annotations',
      test: compileHints(wanted),
      detail: (t, ok) => {
        if (ok) return `annotations match ${wanted.map(([h, v]) => `${h}=${v}`).join(', ')}`;
        const bad = wanted.find(([h, v]) => hintValue(t, h) !== v)!;
        return `${bad[0]} is ${hintValue(t, bad[0])} (wanted ${bad[1]})`;
      },
    });
  }
  for (const [i, w] of spec.where.entries()) {
    const label = w.label || `where #${i + 1}`;
    clauses.push({
      kind: 'where',
      test: (t) => runPredicate(w.fn, t, label),
      detail: (_t, ok) => `predicate ${JSON.stringify(label)} ${ok ? 'holds' : 'does not hold'}`,
    });
  }

  const include: CompiledPatterns = compilePatterns(spec.include, 'include');
  const exclude: CompiledPatterns = compilePatterns(spec.exclude, 'exclude');
  const selective = clauses.length > 0;
  const defaultIn = !selective && include.empty;
  const n = clauses.length;

  const passesClauses = (t: Tool): boolean => {
    for (let i = 0; i < n; i++) if (!clauses[i]!.test(t)) return false;
    return true;
  };
  const test = (t: Tool): boolean => {
    if (!exclude.empty && exclude.test(t)) return false;
    if (!include.empty && include.test(t)) return true;
    return selective ? passesClauses(t) : defaultIn;
  };

  const explain = (t: Tool) => {
    const checks: ClauseCheck[] = [];
    for (const c of clauses) {
      const passed = c.test(t);
      checks.push({ clause: c.kind, passed, detail: c.detail(t, passed) });
    }
    const excludedBy = exclude.empty ? undefined : exclude.which(t);
    const includedBy = include.empty ? undefined : include.which(t);
    if (includedBy !== undefined)
      checks.push({
        clause: 'include',
        passed: true,
        detail: `matches include ${JSON.stringify(includedBy)}`,
      });
    if (excludedBy !== undefined)
      checks.push({
        clause: 'exclude',
        passed: false,
        detail: `matches exclude ${JSON.stringify(excludedBy)}`,
      });
    const failed = checks.find((c) => !c.passed && c.clause !== 'exclude');
    let reason: string;
    if (excludedBy !== undefined)
      reason = `excluded by pattern ${JSON.stringify(excludedBy)} (exclude always wins)`;
    else if (includedBy !== undefined) reason = `included by pattern ${JSON.stringify(includedBy)}`;
    else if (!selective)
      reason = defaultIn
        ? 'no filters: every source tool is a member'
        : 'matches no include pattern (the set is defined by include only)';
    else if (failed) reason = `${failed.clause}: ${failed.detail}`;
    else reason = 'passes every filter';
    return { included: test(t), reason, checks };
  };
  return { test, explain, selective };
}

// Plain loops: these run once per tool per build, so no per-call closures.
function hasAny(values: readonly string[], set: ReadonlySet<string>): boolean {
  for (let i = 0; i < values.length; i++) if (set.has(values[i]!)) return true;
  return false;
}

function hasEvery(values: readonly string[], needed: readonly string[]): boolean {
  for (let i = 0; i < needed.length; i++) if (!values.includes(needed[i]!)) return false;
  return true;
}

function allIn(values: readonly string[], set: ReadonlySet<string>): boolean {
  for (let i = 0; i < values.length; i++) if (!set.has(values[i]!)) return false;
  return true;
}

function runPredicate(fn: (tool: Tool) => boolean, tool: Tool, label: string): boolean {
  try {
    return Boolean(fn(tool));
  } catch (error) {
    throw new ToolsetError(
      'TOOLSET_PREDICATE_FAILED',
      `where predicate ${JSON.stringify(label)} threw for ${tool.id}: ${(error as Error)?.message ?? String(error)}`,
      { cause: error },
    );
  }
}

export type { Clause as FilterClause };
