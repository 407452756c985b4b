import type { Tool } from '@toolarsenal/toolmodel';
import { compileHints, HINTS, type HintName } from './annotations.js';
import { compilePatterns, compileStringPatterns } from './patterns.js';
import type { MatchSpec, Principal } from './policy-types.js';
import { toolNamespace, toolTags } from './tool-fields.js';

/** A compiled condition over (principal, tool, action). */
export type Test = (p: Principal, t: Tool, a: string) => boolean;

const EMPTY: readonly string[] = Object.freeze([]);

function anyIn(values: readonly string[] | undefined, set: ReadonlySet<string>): boolean {
  // Principals come from the caller's auth layer: anything but an array counts as empty.
  if (!Array.isArray(values)) return false;
  for (let i = 0; i < values.length; i++) if (set.has(values[i]!)) return true;
  return false;
}

function lacksAny(held: readonly string[] | undefined, needed: readonly string[]): boolean {
  if (needed.length === 0) return false;
  const h = Array.isArray(held) ? held : EMPTY;
  for (let i = 0; i < needed.length; i++) if (!h.includes(needed[i]!)) return true;
  return false;
}

/** Compiles a match into one closure: Sets for value lists, precompiled globs for patterns. */
export function compileMatch(m: MatchSpec): Test {
  const tests: Test[] = [];
  // Pattern tests (RegExp) run after the cheap Set and flag tests, so most misses exit early.
  const slow: Test[] = [];
  if (m.tenant) {
    const s = new Set(m.tenant);
    tests.push((p) => p.tenant !== undefined && s.has(p.tenant));
  }
  if (m.role) {
    const s = new Set(m.role);
    tests.push((p) => anyIn(p.roles, s));
  }
  if (m.scope) {
    const s = new Set(m.scope);
    tests.push((p) => anyIn(p.scopes, s));
  }
  if (m.principalCapability) {
    const s = new Set(m.principalCapability);
    tests.push((p) => anyIn(p.capabilities, s));
  }
  if (m.exposure) {
    const s = new Set(m.exposure);
    tests.push((p) => p.exposure !== undefined && s.has(p.exposure));
  }
  if (m.namespace) {
    const ns = compileStringPatterns(m.namespace, 'match.namespace');
    slow.push((_p, t) => ns(toolNamespace(t)));
  }
  if (m.tag) {
    const s = new Set(m.tag);
    tests.push((_p, t) => anyIn(toolTags(t), s));
  }
  if (m.category) {
    const s = new Set(m.category);
    tests.push((_p, t) => t.category !== undefined && s.has(t.category));
  }
  if (m.source) {
    const s = new Set(m.source);
    tests.push((_p, t) => s.has(t.source));
  }
  if (m.tool) {
    const pats = compilePatterns(m.tool, 'match.tool');
    slow.push((_p, t) => pats.test(t));
  }
  if (m.capability) {
    const s = new Set(m.capability);
    tests.push((_p, t) => anyIn(t.capabilities, s));
  }
  if (m.annotation) {
    const wanted = HINTS.filter((h) => m.annotation?.[h] !== undefined).map(
      (h) => [h, m.annotation![h]] as [HintName, boolean],
    );
    if (wanted.length > 0) {
      const hints = compileHints(wanted);
      tests.push((_p, t) => hints(t));
    }
  }
  if (m.action) {
    const s = new Set(m.action);
    tests.push((_p, _t, a) => s.has(a));
  }
  if (m.missingScopes !== undefined) {
    const want = m.missingScopes;
    tests.push((p, t) => lacksAny(p.scopes, t.requiredScopes) === want);
  }
  if (m.missingCapabilities !== undefined) {
    const want = m.missingCapabilities;
    tests.push((p, t) => lacksAny(p.capabilities, t.capabilities) === want);
  }
  if (m.allOf) {
    const subs = m.allOf.map(compileMatch);
    tests.push((p, t, a) => {
      for (let i = 0; i < subs.length; i++) if (!subs[i]!(p, t, a)) return false;
      return true;
    });
  }
  if (m.anyOf) {
    const subs = m.anyOf.map(compileMatch);
    tests.push((p, t, a) => {
      for (let i = 0; i < subs.length; i++) if (subs[i]!(p, t, a)) return true;
      return false;
    });
  }
  if (m.not) {
    const sub = compileMatch(m.not);
    tests.push((p, t, a) => !sub(p, t, a));
  }
  tests.push(...slow);
  const n = tests.length;
  if (n === 0) return () => true;
  if (n === 1) return tests[0]!;
  if (n === 2) {
    const [x, y] = tests as [Test, Test];
    return (p, t, a) => x(p, t, a) && y(p, t, a);
  }
  return (p, t, a) => {
    for (let i = 0; i < n; i++) if (!tests[i]!(p, t, a)) return false;
    return true;
  };
}

const q = (v: readonly string[]) => v.map((x) => JSON.stringify(x)).join(', ');

/** Human-readable summary of a match, used as the default rule reason. */
export function describeMatch(m: MatchSpec): string {
  const parts: string[] = [];
  const add = (label: string, v: readonly string[] | undefined) => {
    if (v) parts.push(`${label} in [${q(v)}]`);
  };
  add('tenant', m.tenant);
  add('role', m.role);
  add('scope', m.scope);
  add('principal capability', m.principalCapability);
  add('exposure', m.exposure);
  add('namespace', m.namespace);
  add('tag', m.tag);
  add('category', m.category);
  add('source', m.source);
  add('tool', m.tool);
  add('tool capability', m.capability);
  if (m.annotation)
    parts.push(
      Object.entries(m.annotation)
        .map(([k, v]) => `${k}=${v}`)
        .join(' and '),
    );
  add('action', m.action);
  if (m.missingScopes !== undefined)
    parts.push(m.missingScopes ? 'principal lacks a required scope' : 'principal holds every required scope');
  if (m.missingCapabilities !== undefined)
    parts.push(
      m.missingCapabilities ? 'principal lacks a tool capability' : 'principal holds every tool capability',
    );
  if (m.allOf) parts.push(`all of (${m.allOf.map(describeMatch).join('; ')})`);
  if (m.anyOf) parts.push(`any of (${m.anyOf.map(describeMatch).join('; ')})`);
  if (m.not) parts.push(`not (${describeMatch(m.not)})`);
  return parts.length === 0 ? 'matches every request' : parts.join(' and ');
}
