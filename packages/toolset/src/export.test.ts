import { availableDialects } from '@toolarsenal/tooladapter';
import { updateTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { toolset } from './builder.js';
import { TOOLS } from './test-fixtures/tools.js';

const tools = [...TOOLS];
// read_file, write_file, … exist in both servers: the export must keep the names apart
const files = toolset('files').from(tools).namespace('mcp.filesystem', 'mcp.desktop-commander').build();

describe('toolset.export through tooladapter', () => {
  it('every dialect with a codec: one entry per member, a reversible name map', () => {
    const exportable = availableDialects().filter((d) => d !== 'legacy-function');
    expect(exportable).toEqual(
      expect.arrayContaining(['mcp', 'openai-chat', 'openai-responses', 'anthropic', 'gemini']),
    );
    for (const dialect of exportable) {
      const out = files.export(dialect);
      expect(out.tools).toHaveLength(files.size);
      const targetNames = files.tools().map((t) => out.names.toTarget[t.id]);
      expect(new Set(targetNames).size).toBe(files.size);
      for (const t of files.tools()) expect(out.names.fromTarget[out.names.toTarget[t.id]!]).toBe(t.id);
      expect(Array.isArray(out.losses)).toBe(true);
    }
  });

  it('openai-chat: tools array and decodeCall back to the canonical tool', () => {
    const out = files.export('openai-chat');
    const value = out.value as Array<{ type: string; function: { name: string } }>;
    expect(value).toHaveLength(files.size);
    expect(value.every((v) => v.type === 'function')).toBe(true);
    const name = out.names.toTarget['mcp.desktop-commander:read_file@1.0.0']!;
    expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(out.decodeCall(name, { path: '/tmp/x' }).tool.id).toBe('mcp.desktop-commander:read_file@1.0.0');
  });

  it('prepareTurn: forced tools use the mapped names of the exported selection', () => {
    const turn = files.prepareTurn('openai-chat', { forced: ['mcp.desktop-commander:read_file'] });
    expect(turn.tools.map((t) => t.id)).toEqual(['mcp.desktop-commander:read_file@1.0.0']);
    expect((turn.exported.value as unknown[]).length).toBe(1);
    const mapped = turn.exported.names.toTarget['mcp.desktop-commander:read_file@1.0.0'];
    expect(turn.toolChoice).toEqual({
      field: 'tool_choice',
      value: { type: 'function', function: { name: mapped } },
    });
    const two = files.prepareTurn('gemini', { forced: ['read_file'] });
    expect(two.forced).toHaveLength(2);
    const names = two.forced.map((t) => two.exported.names.toTarget[t.id]);
    expect(new Set(names).size).toBe(2);
    expect(two.toolChoice).toEqual({
      field: 'toolConfig',
      value: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: names } },
    });
    const anthropic = files.prepareTurn('anthropic', {
      forced: ['list_directory', 'search_files'],
      disabled: ['mcp.filesystem:*'],
    });
    expect(anthropic.forced.map((t) => t.namespace)).toEqual([
      'mcp.desktop-commander',
      'mcp.desktop-commander',
    ]);
    expect(anthropic.toolChoice).toEqual({ field: 'tool_choice', value: { type: 'any' } });
    const responses = files.prepareTurn('openai-responses', {
      forced: ['get_file_info'],
      enabled: ['mcp.filesystem:*'],
    });
    expect(responses.toolChoice).toEqual({
      field: 'tool_choice',
      value: {
        type: 'function',
        name: responses.exported.names.toTarget['mcp.filesystem:get_file_info@1.0.0'],
      },
    });
  });

  it('prepareTurn with an exclusive tool exports that tool alone', () => {
    const research = updateTool(
      tools.find((t) => t.id === 'mcp.filesystem:directory_tree@1.0.0')!,
      {
        exclusive: true,
      },
    );
    const set = toolset('x')
      .from([...files.tools().filter((t) => t.id !== research.id), research])
      .build();
    const turn = set.prepareTurn('mcp', { forced: ['read_file'] });
    expect(turn.exclusive?.id).toBe(research.id);
    expect(turn.exported.tools).toHaveLength(1);
    expect(turn.toolChoice).toBeUndefined();
  });

  it('import-only dialects are refused with a typed error', () => {
    expect(() => files.export('legacy-function')).toThrow(/import-only/);
  });
});
