import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash } from './content-hash.js';
import { defineTool, parseTool, updateTool } from './define-tool.js';

const base = {
  name: 'search_docs',
  description: 'Search the documentation.',
  tags: ['docs', 'search'],
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string', description: 'Query' }, limit: { type: 'integer', minimum: 1 } },
    required: ['query'],
  },
};

/** Rebuilds a JSON value with object keys in a random order. */
function shuffleKeys(value: unknown, rand: () => number): unknown {
  if (Array.isArray(value)) return value.map((v) => shuffleKeys(v, rand));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(() => rand() - 0.5);
  return Object.fromEntries(entries.map(([k, v]) => [k, shuffleKeys(v, rand)]));
}

describe('contentHash', () => {
  it('is stable across key order (property)', () => {
    const expected = defineTool(base).contentHash;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        let s = seed;
        const rand = () => {
          s = (s * 1103515245 + 12345) & 0x7fffffff;
          return s / 0x7fffffff;
        };
        expect(parseTool(shuffleKeys(base, rand)).contentHash).toBe(expected);
      }),
      { numRuns: 50 },
    );
  });

  it('ignores insignificant differences: defaults, whitespace, tag case, provenance, timestamps', () => {
    const h = defineTool(base).contentHash;
    expect(defineTool({ ...base, version: '1.0.0', examples: [], capabilities: [] }).contentHash).toBe(h);
    expect(defineTool({ ...base, description: `  ${base.description}\n` }).contentHash).toBe(h);
    expect(defineTool({ ...base, tags: ['Docs', 'search', 'docs'] }).contentHash).toBe(h);
    expect(
      defineTool({ ...base, source: 'mcp', sourceUri: 'stdio://x', updatedAt: '2026-01-01T00:00:00Z' })
        .contentHash,
    ).toBe(h);
  });

  it('changes when anything a model sees changes (property over edits)', () => {
    const tool = defineTool(base);
    const edits = [
      { description: 'Search the docs.' },
      { title: 'Docs search' },
      { tags: ['docs'] },
      { examples: ['find install guide'] },
      { inputSchema: { ...base.inputSchema, required: [] } },
      { annotations: { readOnlyHint: true } },
      { requiresConfirmation: true },
      { deprecated: true },
      { version: '1.0.1' },
      { namespace: 'kb' },
    ];
    const hashes = new Set([tool.contentHash, ...edits.map((e) => updateTool(tool, e).contentHash)]);
    expect(hashes.size).toBe(edits.length + 1);
  });

  it('contentHash(tool) recomputes the stored hash', () => {
    const tool = defineTool(base);
    expect(contentHash(tool)).toBe(tool.contentHash);
  });
});
