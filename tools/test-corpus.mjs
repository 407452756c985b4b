#!/usr/bin/env node
// Runs the corpus-scale suites (`*.corpus.test.ts`, each package's `test:corpus` target) where the
// shared data exists beside the repository (../shared/data). Without it, says what it skipped and why,
// and exits 0: a fresh clone on its own still gets a green `npm test` from the small in-repo fixtures.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const data = join(root, '..', 'shared', 'data');

function corpusSuites(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...corpusSuites(path));
    else if (entry.name.endsWith('.corpus.test.ts')) found.push(relative(root, path));
  }
  return found;
}

if (!existsSync(data)) {
  const suites = corpusSuites(join(root, 'packages'));
  console.log(`test:corpus: skipped ${suites.length} corpus suites: ${relative(root, data)} does not exist.`);
  console.log('They read the shared corpora (real MCP tools, OpenAPI documents, retrieval sets) in place;');
  console.log('clone the repository with ../shared beside it to run them. Skipped:');
  for (const suite of suites) console.log(`  ${suite}`);
  process.exit(0);
}

const nx = join(root, 'node_modules', '.bin', 'nx');
const result = spawnSync(
  nx,
  ['run-many', '-t', 'test:corpus', '--output-style=stream', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
