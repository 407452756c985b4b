import type { Tool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { hintValue } from './annotations.js';
import { toolset } from './builder.js';
import { ToolsetError } from './errors.js';
import { TOOLS, withCapabilities } from './test-fixtures/tools.js';

const tools = [...TOOLS];
const ids = (ts: readonly Tool[]) => ts.map((t) => t.id).sort();
const pick = (pred: (t: Tool) => boolean) => ids(tools.filter(pred));
const base = () => toolset('t').from(tools);

describe('builder over the fixture MCP tools: each combination rule', () => {
  it('no filters: the whole source', () => {
    const set = base().build();
    expect(set.size).toBe(61);
    expect(set.mode).toBe('snapshot');
  });

  it('namespace values OR, and repeated namespace calls OR too', () => {
    const one = base().namespace('mcp.filesystem', 'mcp.git').build();
    const two = base().namespace('mcp.filesystem').namespace('mcp.git').build();
    const expected = pick((t) => t.namespace === 'mcp.filesystem' || t.namespace === 'mcp.git');
    expect(expected).toHaveLength(25);
    expect(ids(one.tools())).toEqual(expected);
    expect(ids(two.tools())).toEqual(expected);
  });

  it('namespace globs', () => {
    const set = base().namespace('mcp.npm-*', 'mcp.*-arxiv*').build();
    expect(ids(set.tools())).toEqual(
      pick((t) => /^mcp\.npm-/.test(t.namespace ?? '') || /^mcp\..*-arxiv/.test(t.namespace ?? '')),
    );
    expect(set.size).toBe(5 + 2);
  });

  it('tagsAny ORs, tagsAll needs every tag, tagsNone forbids every tag', () => {
    expect(ids(base().tagsAny('finance', 'location').build().tools())).toEqual(
      pick((t) => t.tags.includes('finance') || t.tags.includes('location')),
    );
    expect(base().tagsAny('finance').tagsAny('location').build().size).toBe(3 + 2);
    expect(base().tagsAll('file-access').build().size).toBe(12 + 7);
    // every corpus tool has exactly one tag, so two required tags select nothing
    expect(base().tagsAll('file-access', 'code').build().size).toBe(0);
    expect(base().tagsAll('file-access').tagsAll('code').build().size).toBe(0);
    expect(base().tagsNone('discovery', 'miscellaneous').build().size).toBe(61 - 8 - 7);
  });

  it('category ORs; source matches the source kind', () => {
    expect(base().category('Finance', 'Location').build().size).toBe(5);
    expect(base().source('mcp').build().size).toBe(61);
    expect(base().source('openapi').build().size).toBe(0);
  });

  it('different kinds AND', () => {
    const set = base().namespace('mcp.filesystem', 'mcp.git').category('Code').build();
    expect(ids(set.tools())).toEqual(pick((t) => t.namespace === 'mcp.git'));
    const none = base().namespace('mcp.git').tagsAny('finance').build();
    expect(none.size).toBe(0);
  });

  it('include alone defines the set; by name, versionless id, full id or glob', () => {
    const set = base()
      .include('mcp.git:git_status', 'mcp.filesystem:read_file@1.0.0', 'npm*', 'calculate')
      .build();
    expect(ids(set.tools())).toEqual(
      pick(
        (t) =>
          t.id === 'mcp.git:git_status@1.0.0' ||
          t.id === 'mcp.filesystem:read_file@1.0.0' ||
          t.name.startsWith('npm') ||
          t.name === 'calculate',
      ),
    );
  });

  it('include adds tools back on top of the clauses', () => {
    const set = base().namespace('mcp.git').include('mcp.calculator:*').build();
    expect(set.size).toBe(13 + 1);
    expect(set.has('mcp.calculator:calculate@1.0.0')).toBe(true);
  });

  it('exclude wins over clauses and over include', () => {
    const set = base()
      .namespace('mcp.git')
      .include('mcp.calculator:calculate')
      .exclude('git_reset', 'git_checkout', 'calculate')
      .build();
    expect(set.size).toBe(11);
    expect(set.has('mcp.calculator:calculate@1.0.0')).toBe(false);
    expect(set.explain('mcp.calculator:calculate@1.0.0').reason).toMatch(
      /excluded by pattern "calculate".*exclude always wins/,
    );
    // exclude alone: everything but the excluded
    expect(base().exclude('read_file').build().size).toBe(61 - 2);
  });

  it('capabilities: allow means every capability of the tool is allowed, deny forbids any', () => {
    const capTools = withCapabilities();
    const b = () => toolset('c').from(capTools);
    const allow = b()
      .capabilities({ allow: ['read_data', 'network_access'] })
      .build();
    expect(ids(allow.tools())).toEqual(
      ids(capTools.filter((t) => t.capabilities.every((c) => c === 'read_data' || c === 'network_access'))),
    );
    expect(allow.has('mcp.calculator:calculate@1.0.0')).toBe(true); // no capabilities: passes allow
    const denied = b()
      .capabilities({ deny: ['delete_data', 'execute_code'] })
      .build();
    expect(denied.tools().some((t) => t.capabilities.includes('delete_data'))).toBe(false);
    expect(denied.size).toBe(
      capTools.filter((t) => !t.capabilities.some((c) => c === 'delete_data' || c === 'execute_code')).length,
    );
    const both = b()
      .capabilities({ allow: ['read_data'] })
      .capabilities({ allow: ['write_data'], deny: ['write_data'] })
      .build();
    expect(both.tools().every((t) => t.capabilities.every((c) => c === 'read_data'))).toBe(true);
  });

  it('annotations use MCP defaults for absent hints', () => {
    const ro = base().annotations({ readOnlyHint: true }).build();
    expect(ids(ro.tools())).toEqual(ids(tools.filter((t) => t.namespace === 'mcp.npm-sentinel-mcp')));
    const safe = base().annotations({ destructiveHint: false }).build();
    expect(ids(safe.tools())).toEqual(pick((t) => !hintValue(t, 'destructiveHint')));
    expect(
      safe
        .tools()
        .every((t) => t.annotations.readOnlyHint === true || t.annotations.destructiveHint === false),
    ).toBe(true);
  });

  it('where predicates AND with everything else and with each other', () => {
    const set = base()
      .category('Code')
      .where((t) => t.name.includes('git'), 'git tools')
      .where((t) => !t.name.includes('reset'))
      .build();
    expect(ids(set.tools())).toEqual(
      pick((t) => t.category === 'Code' && t.name.includes('git') && !t.name.includes('reset')),
    );
    expect(set.explain('mcp.git:git_reset@1.0.0').reason).toMatch(/where #2/);
  });

  it('a throwing predicate is a typed error naming the tool', () => {
    const build = () =>
      base()
        .where(() => {
          throw new Error('boom');
        }, 'bad')
        .build();
    expect(build).toThrow(ToolsetError);
    expect(build).toThrow(/where predicate "bad" threw for .*: boom/);
  });
});

describe('explain', () => {
  const set = toolset('devops')
    .from(tools)
    .namespace('mcp.git', 'mcp.docker-mcp')
    .tagsNone('finance')
    .exclude('git_reset')
    .include('mcp.time:get_current_time')
    .build();

  it('in: every check passes', () => {
    const e = set.explain('mcp.git:git_status@1.0.0');
    expect(e.included).toBe(true);
    expect(e.reason).toBe('passes every filter');
    expect(e.checks.map((c) => [c.clause, c.passed])).toEqual([
      ['namespace', true],
      ['tagsNone', true],
    ]);
  });

  it('out: names the failing clause', () => {
    const e = set.explain('mcp.calculator:calculate@1.0.0');
    expect(e.included).toBe(false);
    expect(e.reason).toMatch(
      /^namespace: namespace "mcp.calculator" matches none of \["mcp.git", "mcp.docker-mcp"\]/,
    );
  });

  it('included back and excluded', () => {
    expect(set.explain('mcp.time:get_current_time@1.0.0')).toMatchObject({
      included: true,
      reason: 'included by pattern "mcp.time:get_current_time"',
    });
    expect(set.explain('mcp.git:git_reset@1.0.0').included).toBe(false);
  });

  it('unknown tool', () => {
    expect(set.explain('nope:nothing')).toMatchObject({
      included: false,
      reason: expect.stringMatching(/not in the source/),
    });
  });

  it('explanations agree with membership for every tool', () => {
    for (const t of tools) expect(set.explain(t.id).included).toBe(set.has(t.id));
  });
});

describe('builder input errors', () => {
  it('bad patterns', () => {
    for (const bad of ['', 'read[file', 'a b', 'x}', 'a@b@c', '(unclosed']) {
      const attempt = () => base().include(bad).build();
      expect(attempt).toThrow(ToolsetError);
      try {
        attempt();
      } catch (e) {
        expect((e as ToolsetError).code).toBe('TOOLSET_BAD_PATTERN');
      }
    }
    expect(() => base().namespace('mcp.[').build()).toThrow(/namespace: .*unclosed "\["/);
  });

  it('bad ids, missing source, bad values', () => {
    expect(() => toolset('')).toThrow(/toolset id/);
    expect(() => toolset('has space')).toThrow(ToolsetError);
    expect(() => toolset('x').build()).toThrow(/needs a source/);
    expect(() =>
      base()
        .tagsAny('' as string)
        .build(),
    ).toThrow(/non-empty strings/);
    expect(() => base().annotations({ nope: true } as never)).toThrow(/unknown hint/);
    expect(() => base().mode('sometimes' as never)).toThrow(/mode must be/);
    expect(() => toolset('x').from(42 as never)).toThrow(/array of tools or an object with a list/);
  });

  it('sources that break the contract', () => {
    expect(() =>
      toolset('x')
        .from([{ id: 'x' }] as never)
        .build(),
    ).toThrow(/item 0 is not a canonical tool/);
    expect(() => toolset('x').from([tools[0]!, tools[0]!]).build()).toThrow(/listed twice/);
    // a duplicate outside the members is reported when the source is looked up by id
    const calc = tools.find((t) => t.name === 'calculate')!;
    const git = tools.find((t) => t.name === 'git_status')!;
    const set = toolset('x').from([git, calc, calc]).namespace('mcp.git').build();
    expect(set.size).toBe(1);
    expect(() => set.explain(calc.id)).toThrow(/"mcp.calculator:calculate@1.0.0" is listed twice/);
    expect(() =>
      toolset('x')
        .from({ list: () => 5 } as never)
        .build(),
    ).toThrow(/list\(\) must return/);
  });
});

describe('metadata', () => {
  it('carries id, name, description, labels, owner, timestamps', () => {
    const set = toolset('acme-support')
      .from(tools)
      .name('ACME support')
      .description('What tenant acme may use')
      .labels('customer', 'acme')
      .owner('acme-corp')
      .build();
    expect(set).toMatchObject({
      id: 'acme-support',
      name: 'ACME support',
      description: 'What tenant acme may use',
      owner: 'acme-corp',
    });
    expect(set.tags).toEqual(['customer', 'acme']);
    expect(Date.parse(set.createdAt)).not.toBeNaN();
    expect(set.updatedAt).toBe(set.createdAt);
    expect(set.toJSON().tools).toHaveLength(61);
  });
});
