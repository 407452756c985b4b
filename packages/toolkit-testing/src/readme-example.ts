import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PETSTORE_PATH } from './catalog.js';

/** A package README's TypeScript blocks, run as written from a folder inside the package. */
export interface ReadmeExample {
  /** The README's ```ts blocks, in order. */
  readonly blocks: readonly string[];
  /**
   * Writes block `index` as `agent.mts` with `petstore.yaml` beside it, makes that folder the
   * working directory (the examples read files relative to it) and imports the module.
   */
  importBlock<M>(index?: number): Promise<M>;
  /** Restores the working directory and removes the folder. */
  cleanup(): void;
}

/** `packageDir`: the package folder (`new URL('../', import.meta.url)` from its `src/`). */
export function readmeExample(packageDir: URL): ReadmeExample {
  const pkg = fileURLToPath(packageDir);
  const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  // Inside the package, so the example's imports resolve as a user's would.
  const dir = join(pkg, 'node_modules', '.cache', 'readme-example');
  const cwd = process.cwd();
  return {
    blocks,
    async importBlock<M>(index = 0) {
      const block = blocks[index];
      if (block === undefined) throw new Error(`README.md has no ts block ${index}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'agent.mts'), block);
      copyFileSync(PETSTORE_PATH, join(dir, 'petstore.yaml'));
      process.chdir(dir);
      return (await import(pathToFileURL(join(dir, 'agent.mts')).href)) as M;
    },
    cleanup() {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
