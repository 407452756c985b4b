import type { Tool } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hintValue } from './annotations.js';
import { toolset } from './builder.js';
import { difference, intersection, union } from './compose.js';
import { TOOLS } from './test-fixtures/tools.js';
import type { Toolset } from './toolset.js';

const tools = [...TOOLS];
const namespaces = [...new Set(tools.map((t) => t.namespace!))];
const tags = [...new Set(tools.flatMap((t) => t.tags))];
const names = [...new Set(tools.map((t) => t.name))];

interface Spec {
  namespaces: string[];
  tagsAny: string[];
  tagsNone: string[];
  readOnly: boolean | undefined;
  include: string[];
  exclude: string[];
}

const spec: fc.Arbitrary<Spec> = fc.record({
  namespaces: fc.subarray(namespaces, { maxLength: 8 }),
  tagsAny: fc.subarray(tags, { maxLength: 3 }),
  tagsNone: fc.subarray(tags, { maxLength: 2 }),
  readOnly: fc.constantFrom(undefined, true, false),
  include: fc.subarray(names, { maxLength: 4 }),
  exclude: fc.subarray(names, { maxLength: 4 }),
});

let counter = 0;
function build(s: Spec): Toolset {
  const b = toolset(`s${counter++}`).from(tools);
  if (s.namespaces.length) b.namespace(...s.namespaces);
  if (s.tagsAny.length) b.tagsAny(...s.tagsAny);
  if (s.tagsNone.length) b.tagsNone(...s.tagsNone);
  if (s.readOnly !== undefined) b.annotations({ readOnlyHint: s.readOnly });
  if (s.include.length) b.include(...s.include);
  if (s.exclude.length) b.exclude(...s.exclude);
  return b.build();
}

/** Independent reference of the documented rules, written with plain Array methods. */
function reference(s: Spec): string[] {
  const selective =
    s.namespaces.length + s.tagsAny.length + s.tagsNone.length > 0 || s.readOnly !== undefined;
  return tools
    .filter((t: Tool) => {
      if (s.exclude.includes(t.name)) return false;
      if (s.include.includes(t.name)) return true;
      if (!selective) return s.include.length === 0;
      return (
        (s.namespaces.length === 0 || s.namespaces.includes(t.namespace!)) &&
        (s.tagsAny.length === 0 || t.tags.some((x) => s.tagsAny.includes(x))) &&
        !t.tags.some((x) => s.tagsNone.includes(x)) &&
        (s.readOnly === undefined || hintValue(t, 'readOnlyHint') === s.readOnly)
      );
    })
    .map((t) => t.id)
    .sort();
}

const ids = (set: Toolset) => [...set.ids()].sort();
const runs = { numRuns: 60 };

describe('builder agrees with a reference implementation of the rules', () => {
  it('random specs over the 527 tools', () => {
    fc.assert(
      fc.property(spec, (s) => {
        expect(ids(build(s))).toEqual(reference(s));
      }),
      runs,
    );
  });
});

describe('composition algebra (property tests over the 527 tools)', () => {
  const U = toolset('universe').from(tools).build();
  const empty = toolset('empty').from(tools).include('no-such-tool').build();

  it('union and intersection are commutative', () => {
    fc.assert(
      fc.property(spec, spec, (a, b) => {
        const A = build(a);
        const B = build(b);
        expect(ids(union([A, B]))).toEqual(ids(union([B, A])));
        expect(ids(intersection([A, B]))).toEqual(ids(intersection([B, A])));
      }),
      runs,
    );
  });

  it('union and intersection are associative', () => {
    fc.assert(
      fc.property(spec, spec, spec, (a, b, c) => {
        const [A, B, C] = [build(a), build(b), build(c)];
        expect(ids(union([union([A, B]), C]))).toEqual(ids(union([A, union([B, C])])));
        expect(ids(intersection([intersection([A, B]), C]))).toEqual(
          ids(intersection([A, intersection([B, C])])),
        );
        expect(ids(union([A, B, C]))).toEqual(ids(union([union([A, B]), C])));
      }),
      runs,
    );
  });

  it('idempotence, identities and A∖A = ∅', () => {
    fc.assert(
      fc.property(spec, (a) => {
        const A = build(a);
        expect(ids(union([A, A]))).toEqual(ids(A));
        expect(ids(intersection([A, A]))).toEqual(ids(A));
        expect(ids(difference([A, A]))).toEqual([]);
        expect(ids(union([A, empty]))).toEqual(ids(A));
        expect(ids(intersection([A, U]))).toEqual(ids(A));
        expect(ids(intersection([A, empty]))).toEqual([]);
        expect(ids(difference([A, empty]))).toEqual(ids(A));
        expect(ids(difference([empty, A]))).toEqual([]);
        // U∖(U∖A) = A
        expect(ids(difference([U, difference([U, A])]))).toEqual(ids(A));
      }),
      runs,
    );
  });

  it('De Morgan: A∖(B∪C) = (A∖B)∩(A∖C) and A∖(B∩C) = (A∖B)∪(A∖C)', () => {
    fc.assert(
      fc.property(spec, spec, spec, (a, b, c) => {
        const [A, B, C] = [build(a), build(b), build(c)];
        expect(ids(difference([A, union([B, C])]))).toEqual(
          ids(intersection([difference([A, B]), difference([A, C])])),
        );
        expect(ids(difference([A, intersection([B, C])]))).toEqual(
          ids(union([difference([A, B]), difference([A, C])])),
        );
        // n-ary difference subtracts every later operand
        expect(ids(difference([A, B, C]))).toEqual(ids(difference([A, union([B, C])])));
      }),
      runs,
    );
  });

  it('distributivity, absorption and difference basics', () => {
    fc.assert(
      fc.property(spec, spec, spec, (a, b, c) => {
        const [A, B, C] = [build(a), build(b), build(c)];
        expect(ids(intersection([A, union([B, C])]))).toEqual(
          ids(union([intersection([A, B]), intersection([A, C])])),
        );
        expect(ids(union([A, intersection([B, C])]))).toEqual(
          ids(intersection([union([A, B]), union([A, C])])),
        );
        expect(ids(union([A, intersection([A, B])]))).toEqual(ids(A));
        const d = ids(difference([A, B]));
        const inA = new Set(ids(A));
        const inB = new Set(ids(B));
        expect(d.every((x) => inA.has(x) && !inB.has(x))).toBe(true);
        expect(ids(intersection([difference([A, B]), B]))).toEqual([]);
        expect(ids(union([difference([A, B]), intersection([A, B])]))).toEqual(ids(A));
      }),
      runs,
    );
  });

  it('matches the plain set operations on id sets', () => {
    fc.assert(
      fc.property(spec, spec, (a, b) => {
        const [A, B] = [build(a), build(b)];
        const sa = new Set(ids(A));
        const sb = new Set(ids(B));
        expect(ids(union([A, B]))).toEqual([...new Set([...sa, ...sb])].sort());
        expect(ids(intersection([A, B]))).toEqual([...sa].filter((x) => sb.has(x)).sort());
        expect(ids(difference([A, B]))).toEqual([...sa].filter((x) => !sb.has(x)).sort());
      }),
      runs,
    );
  });
});

describe('composition results', () => {
  const git = toolset('git').from(tools).namespace('mcp.git').build();
  const code = toolset('code').from(tools).category('Code').build();
  const files = toolset('files').from(tools).namespace('mcp.filesystem').build();

  it('methods and functions agree; results explain their operands', () => {
    const u = git.union(files, { id: 'dev' });
    expect(u.id).toBe('dev');
    expect(u.size).toBe(25);
    const e = u.explain('mcp.git:git_log@1.0.0');
    expect(e).toMatchObject({ included: true, reason: 'in "git"' });
    expect(e.operands.map((o) => [o.toolset, o.included])).toEqual([
      ['git', true],
      ['files', false],
    ]);
    expect(u.explain('mcp.calculator:calculate@1.0.0').reason).toBe('in none of "git", "files"');
    const d = code.difference(git);
    expect(d.has('mcp.git:git_log@1.0.0')).toBe(false);
    expect(d.explain('mcp.git:git_log@1.0.0').reason).toBe('in "code" but removed because it is in "git"');
    expect(d.explain('mcp.calculator:calculate@1.0.0').reason).toBe('not in "code"');
    const i = code.intersect(git);
    expect(i.size).toBe(13);
    expect(i.explain('mcp.filesystem:read_file@1.0.0').reason).toBe('not in "code", "git"');
  });

  it('extend: starts from the base, narrows, adds back, removes, overrides metadata', () => {
    const safeGit = git
      .extend('git-readonly')
      .name('Git (read-only)')
      .where((t) => /status|diff|log|show/.test(t.name), 'read verbs')
      .include('mcp.filesystem:read_file')
      .exclude('git_diff')
      .build();
    expect(safeGit.name).toBe('Git (read-only)');
    expect([...safeGit.ids()].sort()).toEqual(
      [
        'mcp.filesystem:read_file@1.0.0',
        'mcp.git:git_diff_staged@1.0.0',
        'mcp.git:git_diff_unstaged@1.0.0',
        'mcp.git:git_log@1.0.0',
        'mcp.git:git_show@1.0.0',
        'mcp.git:git_status@1.0.0',
      ].sort(),
    );
    const out = safeGit.explain('mcp.calculator:calculate@1.0.0');
    expect(out.reason).toBe('base: not a member of base toolset "git"');
    expect(out.operands[0]?.toolset).toBe('git');
    const inherited = git.extend('git2').build();
    expect(inherited.name).toBe('git');
    expect(ids(inherited)).toEqual(ids(git));
  });

  it('rejects bad operands', () => {
    expect(() => union([])).toThrow(/needs one or more toolsets/);
    expect(() => union([git, {} as Toolset])).toThrow(/needs one or more toolsets/);
    expect(() => union([git], { id: 'bad id' })).toThrow(/toolset id/);
  });
});
