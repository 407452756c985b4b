import { createIndex } from '@toolarsenal/toolindex';
import { describe, expect, it } from 'vitest';
import { createToolSelector } from './index.js';
import { loadCatalog } from '@toolarsenal/toolkit-testing';

function setup() {
  const tools = loadCatalog();
  const index = createIndex();
  index.add(tools);
  const id = (name: string) => tools.find((t) => t.name === name)!.id;
  return { tools, index, id };
}

describe('createToolSelector', () => {
  it('offers pinned, then active, then retrieved tools, within limit', async () => {
    const { index, id } = setup();
    const selector = createToolSelector({ index, limit: 3, pinned: ['get_time', 'files:read_*'] });
    const s = await selector.select({
      query: 'refund the payment of the customer',
      active: [id('find_customer')],
    });
    expect(s.pinned.map((t) => t.name)).toEqual(['read_file', 'get_time']);
    expect(s.active.map((t) => t.name)).toEqual(['find_customer']);
    expect(s.retrieved[0]!.name).toBe('refund_payment');
    expect(s.retrieved.length).toBeLessThanOrEqual(2);
    expect(s.tools.map((t) => t.name).slice(0, 4)).toEqual([
      'read_file',
      'get_time',
      'find_customer',
      'refund_payment',
    ]);
    expect(new Set(s.tools.map((t) => t.id)).size).toBe(s.tools.length);
  });

  it('feeds failed tools to the index: a failed tool drops below an equally relevant one', async () => {
    const { index, id } = setup();
    const selector = createToolSelector({ index, limit: 2, minRelevance: 0 });
    const query = 'what is the weather in Paris';
    const before = await selector.select({ query });
    const top = before.retrieved[0]!;
    const after = await selector.select({ query, failed: [top.id] });
    expect(after.retrieved[0]!.id).not.toBe(top.id);
    expect(before.retrieved.map((t) => t.id)).toContain(id('get_current_weather'));
  });

  it('respects candidates (e.g. a policy) for pinned, active and retrieved tools', async () => {
    const { index, id } = setup();
    const selector = createToolSelector({ index, limit: 5, minRelevance: 0, pinned: ['delete_*'] });
    const s = await selector.select(
      { query: 'delete the file, or read the file first', active: [id('delete_file')] },
      { candidates: (t) => !t.name.startsWith('delete_') },
    );
    expect(s.tools.some((t) => t.name.startsWith('delete_'))).toBe(false);
    expect(s.tools.map((t) => t.name)).toContain('read_file');
  });

  it('an empty query offers only pinned and active tools', async () => {
    const { index } = setup();
    const s = await createToolSelector({ index, pinned: ['get_time'] }).select({ query: '   ' });
    expect(s.tools.map((t) => t.name)).toEqual(['get_time']);
    expect(s.noRelevantTools).toBe(true);
  });

  it('pinned globs resolve among a given pool, and again after the index changes', async () => {
    const { index, tools } = setup();
    const selector = createToolSelector({ index, pinned: ['*_event'] });
    // Among the whole index, pinned tools come in the index's listing order (by id).
    expect((await selector.select({ query: '' })).pinned.map((t) => t.name)).toEqual([
      'cancel_event',
      'create_event',
    ]);
    index.remove(tools.find((t) => t.name === 'create_event')!.id);
    expect((await selector.select({ query: '' })).pinned.map((t) => t.name)).toEqual(['cancel_event']);
    const pool = tools.filter((t) => t.namespace === 'calendar');
    expect((await selector.select({ query: '' }, { pool })).pinned.map((t) => t.name)).toEqual([
      'create_event',
      'cancel_event',
    ]);
  });
});
