// What tools/build-all.mjs builds: every package's tsconfig.build.json in one `tsc -b`, then the steps
// its `build` script runs after that tsc step. `tsc -b` orders the packages by their project
// references, so a package that imports another must reference it (checked by build-plan.test.mjs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './workspace.mjs';

export const TSC_STEP = 'tsc -p tsconfig.build.json';

/** @returns {{ folder: string, dir: string, after: string }[]} every package with a build, by folder */
export function buildPlan(root = repoRoot) {
  const plan = [];
  for (const folder of readdirSync(join(root, 'packages')).sort()) {
    const dir = join(root, 'packages', folder);
    if (!existsSync(join(dir, 'package.json'))) continue;
    const script = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts?.build;
    if (script === undefined) continue;
    if (script !== TSC_STEP && !script.startsWith(`${TSC_STEP} && `))
      throw new Error(
        `packages/${folder}: its build script must start with \`${TSC_STEP}\` (tools/build-all.mjs builds that part of every package in one tsc -b run), got: ${script}`,
      );
    plan.push({ folder, dir, after: script.slice(TSC_STEP.length).replace(/^ && /, '') });
  }
  return plan;
}

/** The workspace packages a package's built sources import (`@toolarsenal/<folder>`), by folder name. */
export function importedPackages(dir, folder) {
  const found = new Set();
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test-fixtures') walk(child);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        for (const match of readFileSync(child, 'utf8').matchAll(/['"]@toolarsenal\/([a-z0-9-]+)/g))
          if (match[1] !== folder) found.add(match[1]);
      }
    }
  };
  walk(join(dir, 'src'));
  return found;
}

/** The imported packages missing from a package's tsconfig.build.json references (see the header). */
export function missingReferences({ dir, folder }) {
  const config = JSON.parse(readFileSync(join(dir, 'tsconfig.build.json'), 'utf8'));
  const referenced = new Set(
    (config.references ?? []).map((ref) => /^\.\.\/([^/]+)\//.exec(ref.path)?.[1]).filter(Boolean),
  );
  return [...importedPackages(dir, folder)].filter((name) => !referenced.has(name)).sort();
}
