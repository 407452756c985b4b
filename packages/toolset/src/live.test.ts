import { EventEmitter } from 'node:events';
import v8 from 'node:v8';
import vm from 'node:vm';
import { defineTool, type Tool } from '@toolarsenal/toolmodel';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toolset } from './builder.js';
import { ToolsetError } from './errors.js';
import type { ChangeListener, ToolProvider } from './source.js';
import { TOOLS } from './test-fixtures/tools.js';

const tools = [...TOOLS];

/** A minimal registry: what the index offers (list + change events). */
class Registry implements ToolProvider {
  #tools: Tool[];
  #listeners = new Set<ChangeListener>();
  lists = 0;
  constructor(initial: Tool[]) {
    this.#tools = [...initial];
  }
  list() {
    this.lists++;
    return this.#tools;
  }
  subscribe(l: ChangeListener) {
    this.#listeners.add(l);
    return () => this.#listeners.delete(l);
  }
  get listenerCount() {
    return this.#listeners.size;
  }
  add(tool: Tool) {
    this.#tools = [...this.#tools, tool];
    for (const l of this.#listeners) l();
  }
  remove(id: string) {
    this.#tools = this.#tools.filter((t) => t.id !== id);
    for (const l of this.#listeners) l();
  }
}

const extra = defineTool({
  name: 'git_blame',
  namespace: 'mcp.git',
  description: 'blame a file',
  tags: ['code'],
});

describe('live and snapshot sets over a changing registry', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('live re-evaluates on change; snapshot stays frozen', async () => {
    const reg = new Registry(tools);
    const live = toolset('git-live').from(reg).namespace('mcp.git').build();
    const snap = toolset('git-snap').from(reg).namespace('mcp.git').snapshot().build();
    expect(live.mode).toBe('live');
    expect(live.size).toBe(13);
    expect(snap.size).toBe(13);
    let events = 0;
    live.subscribe(() => events++);
    const before = live.updatedAt;
    vi.useFakeTimers({ now: Date.parse(before) + 5 });
    reg.add(extra);
    expect(events).toBe(1);
    expect(live.size).toBe(14);
    expect(live.has(extra.id)).toBe(true);
    expect(Date.parse(live.updatedAt) - Date.parse(before)).toBe(5);
    expect(snap.size).toBe(13);
    expect(snap.has(extra.id)).toBe(false);
    expect(snap.explain(extra.id).reason).toMatch(/not in the source/);
    reg.remove('mcp.git:git_reset@1.0.0');
    expect(live.size).toBe(13);
    expect(live.has('mcp.git:git_reset@1.0.0')).toBe(false);
    expect(snap.has('mcp.git:git_reset@1.0.0')).toBe(true);
  });

  it('reads lazily: many changes, one re-evaluation on the next read', () => {
    const reg = new Registry(tools);
    const live = toolset('l').from(reg).namespace('mcp.git').build();
    expect(live.size).toBe(13);
    const reads = reg.lists;
    for (let i = 0; i < 5; i++) reg.add(defineTool({ name: `t${i}`, namespace: 'mcp.git' }));
    expect(reg.lists).toBe(reads);
    expect(live.size).toBe(18);
    expect(reg.lists).toBe(reads + 1);
  });

  it('live composition follows its operands; the predicate judges unseen tools', () => {
    const reg = new Registry(tools);
    const git = toolset('git').from(reg).namespace('mcp.git').build();
    const files = toolset('files').from(reg).namespace('mcp.filesystem').build();
    const both = git.union(files);
    expect(both.live).toBe(true);
    expect(both.size).toBe(25);
    expect(both.scope().predicate(extra)).toBe(true); // data-based: not yet in the registry
    reg.add(extra);
    expect(both.size).toBe(26);
    const derived = toolset('from-set')
      .from(git)
      .where((t) => t.name.startsWith('git_b'))
      .build();
    expect(derived.size).toBe(2); // git_branch, git_blame
    reg.remove(extra.id);
    expect(derived.size).toBe(1);
  });

  it('EventEmitter-style providers', () => {
    const emitter = new EventEmitter();
    let current = tools.slice(0, 10);
    const provider = Object.assign(emitter, { list: () => current });
    const set = toolset('ee').from(provider).build();
    expect(set.size).toBe(10);
    current = tools.slice(0, 20);
    emitter.emit('change');
    expect(set.size).toBe(20);
    set.dispose();
    expect(emitter.listenerCount('change')).toBe(0);
  });

  it('an unused live set is collected and drops its listener without dispose()', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const reg = new Registry(tools);
    const kept = toolset('kept').from(reg).build();
    (() => {
      const temp = toolset('temp').from(reg).namespace('mcp.git').build();
      expect(temp.size).toBe(13);
    })();
    expect(reg.listenerCount).toBe(2);
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 10));
      gc();
    }
    reg.add(extra); // the collected set's listener removes itself here
    expect(reg.listenerCount).toBe(1);
    expect(kept.size).toBe(62);
  });

  it('dispose stops following the source', () => {
    const reg = new Registry(tools);
    const live = toolset('d').from(reg).build();
    expect(reg.listenerCount).toBe(1);
    live.dispose();
    expect(reg.listenerCount).toBe(0);
  });
});

describe('hostile providers', () => {
  it('a provider that reads the set while it is computed is a cycle error', () => {
    let set: ReturnType<ReturnType<typeof toolset>['build']> | undefined;
    const provider: ToolProvider = { list: () => set?.tools() ?? [], subscribe: () => () => {} };
    set = toolset('self').from(provider).build();
    expect(() => set!.size).toThrow(ToolsetError);
    expect(() => set!.tools()).toThrow(/depends on itself/);
  });

  it('change notifications that loop back terminate', () => {
    const listeners = new Set<ChangeListener>();
    // provider of b re-announces every change of a, and a's provider re-announces b's: a ring
    const provA: ToolProvider = {
      list: () => tools.slice(0, 5),
      subscribe: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
    const a = toolset('ring-a').from(provA).build();
    const b = toolset('ring-b').from(a).build();
    b.subscribe(() => {
      for (const l of [...listeners]) l();
    });
    let calls = 0;
    a.subscribe(() => calls++);
    for (const l of [...listeners]) l();
    // a's listener runs once: the loop back through b finds a already notifying and stops
    expect(calls).toBe(1);
    expect(b.size).toBe(5);
  });

  it('a listener that throws does not stop the others', () => {
    const reg = new Registry(tools);
    const live = toolset('t').from(reg).build();
    let ok = 0;
    live.subscribe(() => {
      throw new Error('bad listener');
    });
    live.subscribe(() => ok++);
    expect(() => reg.add(extra)).toThrow(/bad listener/);
    expect(ok).toBe(1);
  });

  it('a provider whose list() throws surfaces the error at read time', () => {
    const set = toolset('x')
      .from({
        list: () => {
          throw new Error('backend down');
        },
        subscribe: () => () => {},
      })
      .build();
    expect(() => set.tools()).toThrow(/backend down/);
  });
});
