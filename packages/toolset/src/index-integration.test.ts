import { createIndex } from '@toolarsenal/toolindex';
import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { toolset } from './builder.js';
import { allow, deny, policy } from './policy-builders.js';
import { TOOLS } from './test-fixtures/tools.js';

const tools = [...TOOLS];

describe('the real ToolIndex as a live source, and scope() confining its search', () => {
  it('reads the paged list, follows onChange events', () => {
    const index = createIndex();
    index.add(tools);
    const git = toolset('git').from(index).namespace('mcp.git').build();
    expect(git.mode).toBe('live');
    expect(git.size).toBe(13);
    const all = toolset('all').from(index).build();
    expect(all.size).toBe(61);
    index.upsert(
      defineTool({ name: 'git_blame', namespace: 'mcp.git', description: 'Show who changed each line' }),
    );
    expect(git.size).toBe(14);
    index.remove('mcp.git:git_reset@1.0.0');
    expect(git.has('mcp.git:git_reset@1.0.0')).toBe(false);
    expect(git.size).toBe(13);
    git.dispose();
  });

  it('search and execution stay inside the set', async () => {
    const index = createIndex();
    index.add(tools);
    const set = toolset('files')
      .from(index)
      .namespace('mcp.filesystem', 'mcp.desktop-commander')
      .policy(policy('files', { zeroTrust: true }, deny.tool('write_*', 'move_file'), allow.role('dev')))
      .build();
    const scoped = set.scope();
    const result = await index.search({
      query: 'read the contents of a file',
      limit: 10,
      filters: { predicate: scoped.predicate },
    });
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits.every((h) => set.has(h.id))).toBe(true);
    const unscoped = await index.search({ query: 'read the contents of a file', limit: 10 });
    expect(unscoped.hits.some((h) => !set.has(h.id))).toBe(true);
    const dev = set.scope({ roles: ['dev'] });
    const writes = await index.search({
      query: 'write a file',
      limit: 10,
      filters: { predicate: dev.predicate },
    });
    expect(writes.hits.every((h) => !h.tool.name.startsWith('write_'))).toBe(true);
    expect(dev.evaluate({ roles: ['dev'] }, 'mcp.filesystem:write_file@1.0.0').allow).toBe(false);
    expect(dev.evaluate({ roles: ['dev'] }, 'mcp.filesystem:read_file@1.0.0').allow).toBe(true);
  });

  it('paged providers that never end are refused', () => {
    // a snapshot reads its source at build time
    expect(() =>
      toolset('x')
        .from({ list: () => ({ tools: [], nextCursor: 'same' }) })
        .build(),
    ).toThrow(/paging does not end/);
    let page = 0;
    const endless = toolset('y')
      .from({ list: () => ({ tools: [], nextCursor: `c${page++}` }), subscribe: () => () => {} })
      .build();
    expect(() => endless.tools()).toThrow(/more than 10000 pages/);
  });
});
