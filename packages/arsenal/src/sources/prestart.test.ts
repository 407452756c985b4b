import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ArsenalConfig,
  ArsenalError,
  createArsenal,
  parseConfig,
  prestartMcpServers,
} from '../index.js';

const server = fileURLToPath(new URL('../test-fixtures/pid-memory-server.mjs', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  while (dirs.length > 0) rmSync(dirs.pop()!, { recursive: true, force: true });
});

/** A config whose `memory` source is the real memory server, logging each process it starts. */
function configWith(extra: string, era = 'legacy'): { config: ArsenalConfig; pids: () => number[] } {
  const dir = mkdtempSync(join(tmpdir(), 'arsenal-prestart-'));
  dirs.push(dir);
  const log = join(dir, 'pids');
  const config = parseConfig(
    `
sources:
  - name: memory
    mcp:
      command: ${JSON.stringify(process.execPath)}
      args: [${JSON.stringify(server)}]
      env: { PID_LOG: ${JSON.stringify(log)}, MEMORY_FILE_PATH: ${JSON.stringify(join(dir, 'memory.jsonl'))} }
      era: ${era}
${extra}`,
    { dir, env: {} },
  );
  const pids = () =>
    existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).map(Number) : [];
  return { config, pids };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('prestartMcpServers', () => {
  it("spawns a config's stdio servers before the arsenal exists; the arsenal's source connects to that process", async () => {
    const { config, pids } = configWith('');
    const prestarted = prestartMcpServers(config);
    expect(prestarted.pending).toEqual(['memory']);
    await vi.waitFor(() => expect(pids()).toHaveLength(1), { timeout: 30_000 });
    const arsenal = createArsenal(config, { prestarted });
    expect(prestarted.pending).toEqual([]);
    try {
      await arsenal.ready();
      expect(arsenal.status()[0]).toMatchObject({ name: 'memory', status: 'ready' });
      const graph = await arsenal.call('memory:read_graph', {});
      expect(graph.status).toBe('success');
      expect(pids()).toHaveLength(1); // no second process: the early one was used
    } finally {
      await arsenal.close({ graceMs: 0 });
    }
    expect(alive(pids()[0]!)).toBe(false);
  });

  it('stops the servers it started when creating the arsenal fails afterwards (no orphan processes)', async () => {
    // Valid for the loader, refused by createArsenal: a Postgres index without a URL or database.
    const { config, pids } = configWith('index: { backend: postgres }\n');
    const prestarted = prestartMcpServers(config);
    await vi.waitFor(() => expect(pids()).toHaveLength(1), { timeout: 30_000 });
    const pid = pids()[0]!;
    expect(alive(pid)).toBe(true);
    let error: unknown;
    try {
      createArsenal(config, { prestarted });
    } catch (caught) {
      error = caught;
    }
    expect(ArsenalError.isInstance(error)).toBe(true);
    expect((error as ArsenalError).code).toBe('ARSENAL_INVALID_OPTIONS');
    expect(prestarted.pending).toEqual(['memory']);
    await prestarted.close();
    expect(prestarted.pending).toEqual([]);
    expect(alive(pid)).toBe(false);
  });

  it('a server started early that fails to spawn reports the same error as one spawned by its source', async () => {
    const missing = (prestart: boolean) => {
      const config = parseConfig(
        'sources:\n  - name: gone\n    mcp: { command: /nonexistent/mcp-server, era: legacy }\n    retry: { initialDelayMs: 60000 }\n',
        { dir: tmpdir(), env: {} },
      );
      return createArsenal(config, prestart ? { prestarted: prestartMcpServers(config) } : {});
    };
    const states = [];
    for (const prestart of [true, false]) {
      const arsenal = missing(prestart);
      try {
        await arsenal.ready();
        states.push(arsenal.status()[0]);
      } finally {
        await arsenal.close({ graceMs: 0 });
      }
    }
    expect(states[0]!.error).toMatch(/ENOENT/);
    expect(states[0]).toEqual(states[1]);
  });

  it('leaves servers that negotiate their era (auto, modern) and disabled or URL sources to their source', () => {
    const { config } = configWith(
      `  - name: off
    enabled: false
    mcp: { command: node, era: legacy }
  - name: remote
    mcp: { url: 'https://mcp.example.com/mcp' }
`,
      'auto',
    );
    const prestarted = prestartMcpServers(config);
    expect(prestarted.pending).toEqual([]);
  });

  it('hands a server only to the config entry it was started for', async () => {
    const first = configWith('');
    const other = configWith('');
    const prestarted = prestartMcpServers(first.config);
    expect(prestarted.take(other.config.sources[0]!)).toBeUndefined();
    expect(prestarted.pending).toEqual(['memory']);
    await prestarted.close();
  });
});
