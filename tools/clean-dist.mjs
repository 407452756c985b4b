#!/usr/bin/env node
// Removes the current package's dist/ before `prepack` rebuilds it, so a tarball holds exactly what
// the sources build to today: tsc never deletes outputs (maps from an older config, files of renamed
// or deleted modules, test helpers once built), and those would otherwise be published.
// Run from a package directory: `node ../../tools/clean-dist.mjs && npm run build`.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const pkg = process.cwd();
if (!existsSync(join(pkg, 'package.json'))) {
  console.error(`clean-dist: ${pkg} has no package.json; run it from a package directory`);
  process.exit(2);
}
rmSync(join(pkg, 'dist'), { recursive: true, force: true });
