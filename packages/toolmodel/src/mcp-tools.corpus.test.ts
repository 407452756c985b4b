import { describe, expect, it } from 'vitest';
import { validateArguments } from './argument-validator.js';
import { parseToolWithChanges, safeParseTool } from './define-tool.js';
import { lintTool } from './lint-tool.js';
import { mcpRecordToInput, readMcpCorpus } from './test-fixtures/mcp-corpus.js';

const records = readMcpCorpus();

describe('the 527 real MCP tools (LiveMCPTool corpus)', () => {
  it('has the documented size', () => {
    expect(records).toHaveLength(527);
  });

  it('every tool becomes a valid canonical tool', () => {
    const failures: string[] = [];
    for (const record of records) {
      const result = safeParseTool(mcpRecordToInput(record));
      if (!result.success) failures.push(`${record.tool.name}: ${result.error.message}`);
    }
    expect(failures).toEqual([]);
  });

  it('reports the draft-07 $schema normalisation instead of hiding it', () => {
    const withSchema = records.filter((r) => '$schema' in r.tool.inputSchema);
    expect(withSchema.length).toBe(161);
    for (const record of withSchema) {
      const { tool, changes } = parseToolWithChanges(mcpRecordToInput(record));
      expect(tool.inputSchema).not.toHaveProperty('$schema');
      expect(changes.some((c) => c.pointer === '/inputSchema/$schema' && c.action === 'dropped')).toBe(true);
    }
  });

  it('keeps output schemas and annotations', () => {
    const tools = records.map((r) => parseToolWithChanges(mcpRecordToInput(r)).tool);
    expect(tools.filter((t) => t.outputSchema !== undefined)).toHaveLength(104);
    expect(tools.filter((t) => Object.keys(t.annotations).length > 0)).toHaveLength(44);
  });

  it('assigns distinct ids and hashes to distinct tools', () => {
    const tools = records.map((r) => parseToolWithChanges(mcpRecordToInput(r)).tool);
    const ids = new Set(tools.map((t) => t.id));
    expect(ids.size).toBe(tools.length);
    expect(new Set(tools.map((t) => t.contentHash)).size).toBe(tools.length);
  });

  it('lints: empty descriptions are flagged (19 in the corpus)', () => {
    const tools = records.map((r) => parseToolWithChanges(mcpRecordToInput(r)).tool);
    const missing = tools.filter((t) => lintTool(t).some((f) => f.rule === 'missing-description'));
    expect(missing).toHaveLength(19);
  });

  it('compiles an argument validator for every input schema', () => {
    const tools = records.map((r) => parseToolWithChanges(mcpRecordToInput(r)).tool);
    for (const tool of tools) {
      const result = validateArguments(tool, {});
      const required = (tool.inputSchema.required as string[] | undefined) ?? [];
      if (required.length > 0) expect(result.valid).toBe(false);
    }
  });
});
