// Compiles TypeScript entry points that tests start as child processes into plain ES modules, once
// per test run (a vitest globalSetup calls it), so each child starts as `node file.mjs` instead of
// loading tsx and transpiling the same sources again on every start. Only our own sources are
// bundled; npm packages (the workspace's included) stay imports, resolved by node from the output
// file, which lives in the package's node_modules/.cache so resolution matches the source's.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { build } from 'esbuild';

/**
 * @param {string} packageDir the package the entries belong to
 * @param {string[]} entries entry files, relative to packageDir
 * @returns {Promise<Record<string, string>>} each entry (as given) → absolute path of its .mjs
 */
export async function compileFixtures(packageDir, entries) {
  const outDir = join(packageDir, 'node_modules', '.cache', 'test-fixtures');
  mkdirSync(outDir, { recursive: true });
  const compiled = {};
  await Promise.all(
    entries.map(async (entry) => {
      const target = join(outDir, `${basename(entry, extname(entry))}.mjs`);
      await compileScript(resolve(packageDir, entry), target);
      compiled[entry] = target;
    }),
  );
  return compiled;
}

/**
 * Compiles one TypeScript file and the relative imports it reaches into `outfile`, a plain ES module.
 * esbuild is what tsx transpiles with, so the code that runs is the same; it is only compiled once.
 * @param {string} entry absolute path of the entry file
 * @param {string} outfile absolute path of the .mjs to write; put it where the entry's packages resolve
 * @param {{ sourcemap?: boolean }} [options] sourcemap: inline one, so that `node --enable-source-maps`
 *   reports errors at the entry's own lines
 */
export async function compileScript(entry, outfile, { sourcemap = false } = {}) {
  const { outputFiles } = await build({
    entryPoints: [entry],
    outfile,
    sourcemap: sourcemap ? 'inline' : false,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  mkdirSync(dirname(outfile), { recursive: true });
  // Written under a temporary name and renamed: a second test run in the same package never sees half
  // a file.
  const temporary = `${outfile}.${process.pid}.tmp`;
  writeFileSync(temporary, outputFiles[0].text);
  renameSync(temporary, outfile);
}
