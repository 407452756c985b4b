import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The inspector builds on the core packages only; an arsenal (`@toolarsenal/arsenal`, its MCP, OpenAPI, A2A and
// network sources) reaches it through the CLI's adapter (toolarsenal's `inspect-arsenal.ts`), never as a
// dependency of this package.
const CORE = [
  '@toolarsenal/tooladapter',
  '@toolarsenal/toolindex',
  '@toolarsenal/toolmodel',
  '@toolarsenal/toolrun',
  '@toolarsenal/toolset',
];
const root = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-fixtures' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('dependencies', () => {
  it('declares only core packages at run time', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    expect(Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).sort()).toEqual(CORE);
  });

  it('imports nothing else in its source (server and page)', () => {
    const files = sourceFiles(join(root, 'src'));
    expect(files.length).toBeGreaterThan(20);
    const imported = new Set<string>();
    for (const file of files)
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(
        /(?:\bfrom\s+|\bimport\s*\(?\s*)'([^'.][^']*)'/g,
      ))
        imported.add(specifier!.startsWith('@') ? specifier!.split('/').slice(0, 2).join('/') : specifier!);
    const outside = [...imported].filter((name) => !name.startsWith('node:') && !CORE.includes(name));
    expect(outside).toEqual([]);
  });
});
