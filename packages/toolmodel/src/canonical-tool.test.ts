import { describe, expect, it } from 'vitest';
import { isCanonicalTool } from './build-tool.js';
import { defineTool, parseTool, parseToolWithChanges, updateTool } from './define-tool.js';

const input = {
  name: 'search',
  description: 'Search the catalogue.',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
} as const;

describe('isCanonicalTool', () => {
  it('is true for every tool toolmodel builds', () => {
    const tool = defineTool(input);
    expect(isCanonicalTool(tool)).toBe(true);
    expect(isCanonicalTool(parseTool(input))).toBe(true);
    expect(isCanonicalTool(parseToolWithChanges(input).tool)).toBe(true);
    expect(isCanonicalTool(updateTool(tool, { description: 'Other.' }))).toBe(true);
    // A canonical tool read back is canonical again.
    expect(isCanonicalTool(parseTool(tool))).toBe(true);
  });

  it('is false for transient tools, copies and look-alikes', () => {
    const tool = defineTool(input);
    expect(isCanonicalTool(parseToolWithChanges(input, { transient: true }).tool)).toBe(false);
    expect(isCanonicalTool({ ...tool })).toBe(false);
    expect(isCanonicalTool(Object.freeze({ ...tool }))).toBe(false);
    expect(isCanonicalTool(structuredClone(tool))).toBe(false);
    expect(isCanonicalTool(JSON.parse(JSON.stringify(tool)))).toBe(false);
    expect(isCanonicalTool(Object.create(tool))).toBe(false);
    for (const value of [undefined, null, 0, 'search', true, [], {}, () => tool, Symbol('tool')])
      expect(isCanonicalTool(value)).toBe(false);
  });

  it('reads nothing of the value it is given', () => {
    let reads = 0;
    const trap = new Proxy(
      {},
      {
        get: () => (reads++, undefined),
        getPrototypeOf: () => (reads++, null),
        has: () => (reads++, false),
        ownKeys: () => (reads++, []),
        getOwnPropertyDescriptor: () => (reads++, undefined),
      },
    );
    expect(isCanonicalTool(trap)).toBe(false);
    expect(reads).toBe(0);
  });
});
