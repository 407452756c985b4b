// The repository's publishable packages, read from packages/*/package.json (private ones are left out).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @returns {{ dir: string, folder: string, name: string, manifest: Record<string, any> }[]} sorted by folder */
export function publishablePackages() {
  const packagesDir = join(repoRoot, 'packages');
  const found = [];
  for (const folder of readdirSync(packagesDir).sort()) {
    const file = join(packagesDir, folder, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    if (manifest.private === true) continue;
    found.push({ dir: join(packagesDir, folder), folder, name: manifest.name, manifest });
  }
  return found;
}

/** The README files whose examples must run: the root README and each publishable package's. */
export function readmeFiles() {
  const files = [join(repoRoot, 'README.md')];
  for (const pkg of publishablePackages()) {
    const readme = join(pkg.dir, 'README.md');
    if (existsSync(readme)) files.push(readme);
  }
  return files;
}

/**
 * The user guides (`docs/use/*.md`): their examples run in `test:readmes` against the workspace,
 * not in `check:packages` (the gateway guide starts an MCP server the repository installs).
 */
export function guideFiles() {
  const dir = join(repoRoot, 'docs', 'use');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(dir, name));
}
