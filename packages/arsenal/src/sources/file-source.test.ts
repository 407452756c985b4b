import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, toolToJson } from '@toolarsenal/toolmodel';
import { afterEach, describe, expect, it } from 'vitest';
import { loadToolFile } from './file-source.js';

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length > 0) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function dirWith(name: string, content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'arsenal-file-'));
  dirs.push(dir);
  writeFileSync(join(dir, name), JSON.stringify(content));
  return dir;
}

describe('tool files are read into the source namespace', () => {
  it('a dialect file: every tool under the namespace, ids and hashes consistent', async () => {
    const dir = dirWith('tools.json', [
      {
        type: 'function',
        function: { name: 'get_page', description: 'Get a page.', parameters: { type: 'object' } },
      },
    ]);
    const { tools } = await loadToolFile('tools.json', 'wiki', undefined, dir);
    expect(tools.map((t) => t.id)).toEqual(['wiki:get_page@1.0.0']);
    // The same tool defined directly in the namespace has the same identity and content hash.
    const direct = defineTool({ ...toolToJson(tools[0]!), namespace: 'wiki' } as never);
    expect(tools[0]!.contentHash).toBe(direct.contentHash);
  });

  it('canonical tools keep nothing of their own namespace: the source namespace replaces it', async () => {
    const own = defineTool({ name: 'lookup', namespace: 'elsewhere', description: 'Look up.' });
    const dir = dirWith('canonical.json', [toolToJson(own)]);
    const { tools } = await loadToolFile('canonical.json', 'mine', undefined, dir);
    expect(tools.map((t) => [t.namespace, t.id])).toEqual([['mine', 'mine:lookup@1.0.0']]);
  });
});
