import { createIndex } from '@toolarsenal/toolindex';
import { defineTool } from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import fc from 'fast-check';
import { errorCode as code } from '@toolarsenal/toolkit-testing';
import { describe, expect, it } from 'vitest';
import {
  compilePinned,
  createAccess,
  createToolCaller,
  createToolSelector,
  parseFindArgs,
  readTools,
  ToolNames,
  toTool,
} from './index.js';

const tool = defineTool({
  name: 'echo',
  description: 'Echo.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
});

describe('hostile options are typed errors naming the option', () => {
  it('createToolCaller', () => {
    for (const bad of [undefined, null, 1, 'x', [], { runner: {} }, { runner: null }])
      expect(code(() => createToolCaller(bad as never))).toBe('TOOLKIT_INVALID_OPTIONS');
    const runner = createRunner();
    expect(() => createToolCaller({ runner, confirm: 'yes' as never })).toThrow(
      /options.confirm must be a function/,
    );
    expect(() => createToolCaller({ runner, maxResultLength: 1 })).toThrow(/options.maxResultLength/);
    expect(() => createToolCaller({ runner, timeoutMs: Number.NaN })).toThrow(/options.timeoutMs/);
    expect(() => createToolCaller({ runner, principal: 'root' as never })).toThrow(/options.principal/);
  });

  it('createToolSelector', () => {
    const index = createIndex();
    for (const bad of [null, [], { index: {} }, { index: null }])
      expect(code(() => createToolSelector(bad as never))).toBe('TOOLKIT_INVALID_OPTIONS');
    for (const limit of [0, -1, 1.5, 101, Number.POSITIVE_INFINITY, '3'])
      expect(() => createToolSelector({ index, limit: limit as never })).toThrow(/options.limit/);
    expect(() => createToolSelector({ index, pinned: 'get_*' as never })).toThrow(
      /options.pinned must be an array/,
    );
    expect(() => createToolSelector({ index, filters: { predicate: 1 as never } })).toThrow(
      /options.filters.predicate/,
    );
    expect(() => createToolSelector({ index, context: [] as never })).toThrow(/options.context/);
  });

  it('pinned patterns: wrong types, empty, over-long and malformed globs', () => {
    expect(() => compilePinned([1])).toThrow(/options.pinned\[0\]/);
    expect(() => compilePinned([''])).toThrow(/options.pinned\[0\]/);
    expect(() => compilePinned(['a'.repeat(513)])).toThrow(/options.pinned\[0\]/);
    expect(() => compilePinned(['[abc'])).toThrow(/options.pinned\[0\]/);
    expect(() => compilePinned(Array(1001).fill('a'))).toThrow(/at most 1000/);
  });

  it('adversarial globs against long names stay linear (bounded work, no backtracking blow-up)', () => {
    const match = compilePinned([`${'*a'.repeat(40)}*b`]);
    const long = defineTool({ name: 'a'.repeat(128), description: '' });
    expect(match(long)).toBe(false);
  });

  it('ToolNames refuses a rule that is not a NameRule', () => {
    expect(() => new ToolNames({} as never)).toThrow(/options.nameRule/);
  });

  it('toTool parses a frozen look-alike of a canonical tool instead of taking it as one', () => {
    expect(toTool(tool, 't')).toBe(tool);
    const lookAlike = Object.freeze({ ...tool, inputSchema: Object.freeze({ type: 'strin' }) });
    expect(code(() => toTool(lookAlike, 't'))).toBe('TOOLKIT_INVALID_TOOL');
    const copy = Object.freeze({ ...tool });
    const parsed = toTool(copy, 't');
    expect(parsed).not.toBe(copy);
    expect(parsed.contentHash).toBe(tool.contentHash);
  });

  it('readTools / toTool: non-arrays, non-objects and invalid tool inputs name the position', () => {
    const access = createAccess(undefined, undefined);
    expect(() => readTools('tools', access)).toThrow(/tools must be an array of tools or a toolset/);
    expect(() => readTools([tool, null], access)).toThrow(/tools\[1\] is null, expected a tool object/);
    expect(() => readTools([{ name: 'bad name!' }], access)).toThrow(/tools\[0\] is not a valid tool/);
    expect(
      code(() =>
        toTool({ name: 'x', inputSchema: { type: 'object', properties: { ['__proto__']: {} } } }, 't'),
      ),
    ).toBe('TOOLKIT_INVALID_TOOL');
    expect(readTools([{ name: 'ok_tool', description: 'fine' }], access)[0]!.id).toBe('ok_tool@1.0.0');
  });

  it('parseFindArgs never throws and answers the model with a fixable message', () => {
    fc.assert(
      fc.property(fc.anything(), (args) => {
        const parsed = parseFindArgs(args);
        if ('error' in parsed) expect(parsed.error).toMatch(/^Error \[INVALID_ARGUMENTS\]/);
        else expect(parsed.query.length).toBeLessThanOrEqual(2000);
      }),
    );
    expect(parseFindArgs({ query: 'x'.repeat(10_000) })).toEqual({ query: 'x'.repeat(2000), limit: 5 });
  });
});

describe('hostile conversations and arguments', () => {
  it('the selector bounds queries, messages and id lists from a conversation', async () => {
    const index = createIndex();
    index.add([tool]);
    const selector = createToolSelector({ index, minRelevance: 0 });
    const s = await selector.select({
      query: 'echo '.repeat(50_000),
      recent: [
        { role: 'user', content: 'echo '.repeat(10_000) },
        null as never,
        { role: 'x', content: 5 as never },
      ],
      used: [...Array(10_000).keys()].map(String),
      failed: 'not-an-array' as never,
      active: [tool.id, tool.id, 42 as never],
    });
    expect(s.tools.map((t) => t.id)).toEqual([tool.id]);
  });

  it('the caller answers hostile arguments with a runner error, never a throw', async () => {
    const runner = createRunner();
    runner.register(tool, ({ text }) => text);
    const caller = createToolCaller({ runner });
    const proto = JSON.parse('{"__proto__": {"polluted": true}, "text": "x"}') as unknown;
    for (const args of [proto, 'not json', '{"text": 1}', [1, 2], null, { text: 'y'.repeat(2_000_000) }]) {
      const outcome = await caller.call(tool, args);
      expect(outcome.ok).toBe(false);
      expect(outcome.text).toMatch(/^Error \[/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await caller.call(tool, '{"text":"ok"}')).text).toBe('ok');
  });
});
