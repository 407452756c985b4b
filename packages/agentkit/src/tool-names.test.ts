import {
  ANTHROPIC_NAME_RULE,
  GEMINI_NAME_RULE,
  MCP_NAME_RULE,
  OPENAI_NAME_RULE,
} from '@toolarsenal/tooladapter';
import { createIndex } from '@toolarsenal/toolindex';
import { defineTool, type Tool } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { followIndex, ToolNames } from './index.js';

const tool = (name: string, namespace?: string, version?: string): Tool =>
  defineTool({
    name,
    ...(namespace !== undefined ? { namespace } : {}),
    ...(version !== undefined ? { version } : {}),
    description: `${name} tool.`,
  });

const PROVIDER_RULES = [OPENAI_NAME_RULE, ANTHROPIC_NAME_RULE, GEMINI_NAME_RULE, MCP_NAME_RULE];

describe('ToolNames', () => {
  it('keeps unique names and qualifies every tool of a shared name by namespace, whatever the order', () => {
    const docs = tool('search', 'docs');
    const web = tool('search', 'mcp.web');
    const time = tool('get_time', 'clock');
    for (const order of [
      [docs, web, time],
      [time, web, docs],
    ]) {
      const names = new ToolNames();
      names.plan(order);
      expect([docs, web, time].map((t) => names.nameOf(t))).toEqual([
        'docs_search',
        'mcp_web_search',
        'get_time',
      ]);
      expect(names.idOf('docs_search')).toBe('docs:search@1.0.0');
      expect(names.idOf('mcp_web_search')).toBe('mcp.web:search@1.0.0');
      expect(names.idOf('search')).toBeUndefined();
    }
  });

  it('adds the version when two versions of one tool are offered together', () => {
    const names = new ToolNames();
    const v1 = tool('search', 'docs', '1.0.0');
    const v2 = tool('search', 'docs', '2.1.0');
    names.plan([v1, v2]);
    expect([names.nameOf(v1), names.nameOf(v2)]).toEqual(['docs_search_v1_0_0', 'docs_search_v2_1_0']);
  });

  it('never renames a tool once named; a later same-name tool is qualified', () => {
    const names = new ToolNames();
    const docs = tool('search', 'docs');
    expect(names.nameOf(docs)).toBe('search');
    const web = tool('search', 'web');
    expect(names.nameOf(web)).toBe('web_search');
    expect(names.nameOf(docs)).toBe('search');
    expect(names.size).toBe(2);
  });

  it('does not take a name another tool has as its own', () => {
    const own = tool('web_search');
    const qualified = tool('search', 'web');
    const other = tool('search', 'docs');
    for (const order of [
      [own, qualified, other],
      [qualified, other, own],
    ]) {
      const names = new ToolNames();
      names.plan(order);
      const given = order.map((t) => names.nameOf(t));
      expect(names.nameOf(own)).toBe('web_search');
      expect(names.nameOf(qualified)).toMatch(/^web_search_[0-9a-f]{8}$/);
      expect(new Set(given).size).toBe(3);
    }
  });

  it('never gives a reserved name (the toolkit’s own find_tools)', () => {
    const names = new ToolNames(undefined, ['find_tools']);
    const find = tool('find_tools', 'evil');
    expect(names.nameOf(find)).not.toBe('find_tools');
    expect(names.idOf('find_tools')).toBeUndefined();
  });

  it('hostile names: unique, valid for every provider, mapped back to the right id (property)', () => {
    const nameArb = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_.-]{1,128}$/),
      fc.constantFrom(
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'find_tools',
        '9lives',
        '.',
        '-',
      ),
    );
    const nsArb = fc.option(
      fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,20}(\.[a-z0-9][a-z0-9_-]{0,20}){0,3}$/),
      {
        nil: undefined,
      },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(nameArb, nsArb), { maxLength: 40 }), fc.boolean(), (pairs, planned) => {
        const byId = new Map<string, Tool>();
        for (const [name, ns] of pairs) {
          const t = tool(name, ns);
          byId.set(t.id, t);
        }
        const tools = [...byId.values()];
        const names = new ToolNames(undefined, ['find_tools']);
        if (planned) names.plan(tools);
        const given = tools.map((t) => names.nameOf(t));
        expect(new Set(given).size).toBe(given.length);
        given.forEach((name, i) => {
          for (const rule of PROVIDER_RULES) expect(rule.pattern.test(name), name).toBe(true);
          expect(name).not.toBe('find_tools');
          expect(names.idOf(name)).toBe(tools[i]!.id);
        });
        // Deterministic: the same tools planned in another order get the same names.
        if (planned) {
          const again = new ToolNames(undefined, ['find_tools']);
          again.plan([...tools].reverse());
          const reversed = [...tools].reverse().map((t) => again.nameOf(t));
          expect(reversed.reverse()).toEqual(given);
        }
      }),
    );
  });

  it('followIndex: knows every tool of an index, and the tools added later', async () => {
    const index = createIndex();
    index.add([tool('search', 'docs'), tool('get_time', 'clock')]);
    const names = new ToolNames();
    const plan = followIndex(names, index);
    plan();
    expect(names.nameOf(index.get('docs:search@1.0.0')!)).toBe('search');
    index.add([tool('search', 'web'), tool('fetch', 'web'), tool('fetch', 'http')]);
    plan();
    expect(names.nameOf(index.get('web:search@1.0.0')!)).toBe('web_search');
    expect(names.nameOf(index.get('http:fetch@1.0.0')!)).toBe('http_fetch');
    expect(names.nameOf(index.get('web:fetch@1.0.0')!)).toBe('web_fetch');
  });
});
