import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { Emitter } from './events.js';
import { compileFilters } from './filters.js';

const tool = defineTool({
  name: 'read_file',
  namespace: 'fs',
  description: 'Read a file.',
  tags: ['files', 'io'],
  category: 'files',
  capabilities: ['file_system', 'read_data'],
  annotations: { readOnlyHint: true },
  source: 'mcp',
});
const old = defineTool({ name: 'old_read', description: 'Old.', deprecated: true });

describe('compileFilters', () => {
  it('accepts everything but deprecated tools by default', () => {
    expect(compileFilters()(tool)).toBe(true);
    expect(compileFilters()(old)).toBe(false);
    expect(compileFilters({ deprecated: 'include' })(old)).toBe(true);
    expect(compileFilters({ deprecated: 'only' })(tool)).toBe(false);
  });

  it('applies each filter kind', () => {
    const accepts = (filters: Parameters<typeof compileFilters>[0]) => compileFilters(filters)(tool);
    expect(accepts({ namespaces: ['fs'] })).toBe(true);
    expect(accepts({ namespaces: ['web'] })).toBe(false);
    expect(accepts({ tags: { any: ['io', 'x'] } })).toBe(true);
    expect(accepts({ tags: { all: ['io', 'x'] } })).toBe(false);
    expect(accepts({ tags: { none: ['io'] } })).toBe(false);
    expect(accepts({ categories: ['files'] })).toBe(true);
    expect(accepts({ sources: ['openapi'] })).toBe(false);
    expect(accepts({ capabilities: { required: ['read_data'] } })).toBe(true);
    expect(accepts({ capabilities: { excluded: ['file_system'] } })).toBe(false);
    expect(accepts({ annotations: { readOnlyHint: true } })).toBe(true);
    expect(accepts({ annotations: { destructiveHint: true } })).toBe(false);
    expect(accepts({ excludeIds: [tool.id] })).toBe(false);
    expect(accepts({ predicate: (t) => t.name === 'read_file' })).toBe(true);
    expect(accepts({ tags: { any: [] }, namespaces: [] })).toBe(true);
  });
});

describe('Emitter', () => {
  it('delivers events, unsubscribes, and survives a throwing listener', () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    emitter.on(() => {
      throw new Error('listener bug');
    });
    const off = emitter.on((n) => seen.push(n));
    emitter.emit(1);
    off();
    emitter.emit(2);
    expect(seen).toEqual([1]);
    expect(emitter.listenerCount).toBe(1);
  });
});
