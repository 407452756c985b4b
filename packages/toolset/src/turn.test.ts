import { updateTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { toolset } from './builder.js';
import { TOOLS } from './test-fixtures/tools.js';
import { selectForTurn } from './turn.js';

const tools = [...TOOLS];
const set = toolset('assistant')
  .from(tools)
  .namespace('mcp.wikipedia', 'mcp.time', 'mcp.calculator', 'mcp.fetch')
  .build();
const ids = (ts: readonly { id: string }[]) => ts.map((t) => t.id);

describe('per-turn selection', () => {
  it('no constraints: every member', () => {
    const s = set.selectTurn();
    expect(s.tools).toHaveLength(set.size);
    expect(s.forced).toEqual([]);
    expect(s.toolChoice).toBeUndefined();
    expect(s.dropped).toEqual([]);
  });

  it('admin enablement: enabled allowlist and disabled list', () => {
    const s = set.selectTurn({ enabled: ['mcp.wikipedia:*', 'calculate'], disabled: ['get_links'] });
    expect(s.tools.every((t) => t.namespace === 'mcp.wikipedia' || t.name === 'calculate')).toBe(true);
    expect(s.tools.some((t) => t.name === 'get_links')).toBe(false);
    expect(s.dropped).toContainEqual({
      id: 'mcp.wikipedia:get_links@1.0.0',
      reason: 'disabled by the admin (get_links)',
    });
    expect(s.dropped).toContainEqual({
      id: 'mcp.time:convert_time@1.0.0',
      reason: 'not enabled by the admin',
    });
  });

  it('forced tools: only those, plus the dialect tool_choice', () => {
    const s = set.selectTurn({ forced: ['calculate'], dialect: 'openai-chat' });
    expect(ids(s.tools)).toEqual(['mcp.calculator:calculate@1.0.0']);
    expect(ids(s.forced)).toEqual(['mcp.calculator:calculate@1.0.0']);
    expect(s.toolChoice).toEqual({
      field: 'tool_choice',
      value: { type: 'function', function: { name: 'calculate' } },
    });
    expect(s.dropped.find((d) => d.id === 'mcp.time:convert_time@1.0.0')?.reason).toBe(
      'not among the tools the user forced for this turn',
    );
  });

  it('forced choices use the target mapped names', () => {
    const s = selectForTurn(set.tools(), {
      forced: ['mcp.time:get_current_time'],
      dialect: 'anthropic',
      targetNames: { 'mcp.time:get_current_time@1.0.0': 'mcp_time__get_current_time' },
    });
    expect(s.toolChoice).toEqual({
      field: 'tool_choice',
      value: { type: 'tool', name: 'mcp_time__get_current_time' },
    });
  });

  it('forced choices that cannot be honoured are reported, not silently dropped', () => {
    const s = set.selectTurn({ forced: ['get_summary', 'nope_tool'], disabled: ['get_summary'] });
    expect(s.warnings).toEqual([
      'forced tool "get_summary" is disabled by the admin (get_summary)',
      'forced tool "nope_tool" matches no tool in the set',
    ]);
    expect(s.tools).toHaveLength(set.size - 1); // nothing forced survives: all enabled tools
    expect(s.toolChoice).toBeUndefined();
  });

  it('exclusive wins over forced tools and over everything else', () => {
    const research = updateTool(
      tools.find((t) => t.id === 'mcp.wikipedia:summarize_article_for_query@1.0.0')!,
      { exclusive: true },
    );
    const pool = [...set.tools().filter((t) => t.id !== research.id), research];
    const s = selectForTurn(pool, { forced: ['calculate'], dialect: 'gemini' });
    expect(ids(s.tools)).toEqual([research.id]);
    expect(s.exclusive?.id).toBe(research.id);
    expect(s.forced).toEqual([]);
    expect(s.toolChoice).toBeUndefined();
    expect(s.warnings).toEqual([
      `forced tool mcp.calculator:calculate@1.0.0 dropped: exclusive tool ${research.id} wins`,
    ]);
    expect(s.dropped).toContainEqual({
      id: 'mcp.calculator:calculate@1.0.0',
      reason: `exclusive tool ${research.id} wins`,
    });
    // a forced exclusive tool is forced
    const f = selectForTurn(pool, { forced: [research.name], dialect: 'gemini' });
    expect(f.toolChoice).toEqual({
      field: 'toolConfig',
      value: {
        functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['summarize_article_for_query'] },
      },
    });
    // a disabled exclusive tool does not win
    const d = selectForTurn(pool, { disabled: [research.name] });
    expect(d.exclusive).toBeUndefined();
    expect(d.tools).toHaveLength(pool.length - 1);
    // exclusivity can be switched off
    expect(selectForTurn(pool, { exclusive: false }).tools).toHaveLength(pool.length);
  });

  it('rejects bad patterns', () => {
    expect(() => set.selectTurn({ forced: ['bad[x'] })).toThrow(/forced: .*not a valid glob/);
  });
});
