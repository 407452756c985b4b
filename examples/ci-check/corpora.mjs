// Converts the shared corpora (527 real MCP tools, 400 BFCL functions, 15 real OpenAPI documents)
// to every dialect with the `toolarsenal` CLI and checks every result against the provider's rules:
// the pipeline must read its own output and `check` must pass what `convert` wrote.
// Skips, saying why, when ../shared/data is not beside the repository.
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inPool, TARGETS, toolarsenal, toolarsenalAsync } from './cli.mjs';

const DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
if (!existsSync(DATA)) {
  console.log(
    `ci-check corpora: skipped: ${DATA} does not exist (clone the repository with ../shared beside it).`,
  );
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), 'toolarsenal-ci-check-'));
const failures = [];
const fail = (what, result) =>
  failures.push(
    `${what}: exit ${result.code}\n${(result.stdout + result.stderr).split('\n').slice(0, 6).join('\n')}`,
  );

/** The root file of every OpenAPI document of the corpus (multi-file ones by their entry file). */
function openapiDocuments() {
  const root = join(DATA, 'openapi');
  const found = [];
  for (const group of ['swagger-2.0', 'openapi-3.0', 'openapi-3.1', 'invalid']) {
    for (const name of readdirSync(join(root, group))) {
      const path = join(root, group, name);
      if (statSync(path).isFile()) found.push(path);
    }
  }
  found.push(join(root, 'swagger-2.0/petstore-separate/spec/swagger.yaml'));
  found.push(join(root, 'openapi-3.0/digitalocean/specification/DigitalOcean-public.v2.yaml'));
  return found;
}

const sources = [
  {
    name: 'MCP tools (LiveMCPTool, 527 tools of 70 servers)',
    file: join(DATA, 'mcp-tools/livemcptool.jsonl'),
    read: ['--from', 'mcp', '--namespace-from', 'server_key'],
  },
  {
    name: 'BFCL functions (400)',
    file: join(DATA, 'bfcl/functions.jsonl'),
    read: ['--from', 'legacy-function', '--namespace-from', 'entry_id'],
  },
];
for (const path of openapiDocuments()) {
  const out = join(work, `${sources.length}.tools.json`);
  const imported = toolarsenal(['import', 'openapi', path, '-q', '-o', out]);
  if (imported.code !== 0) fail(`import openapi ${relative(DATA, path)}`, imported);
  else sources.push({ name: relative(DATA, path), file: out, read: [] });
}

/** convert → check for one source and one target; the cell of the table. */
async function convertAndCheck(i, source, [dialect, ...flags]) {
  const out = join(work, `${i}.${dialect}${flags.join('')}.json`);
  const what = `${source.name} → ${[dialect, ...flags].join(' ')}`;
  const converted = await toolarsenalAsync([
    'convert',
    source.file,
    ...source.read,
    '--to',
    dialect,
    ...flags,
    '-o',
    out,
  ]);
  if (converted.code !== 0) {
    fail(`convert ${what}`, converted);
    return 'convert failed';
  }
  const checked = await toolarsenalAsync(['check', out, '--dialect', dialect, ...flags]);
  if (checked.code !== 0) fail(`check ${what}`, checked);
  return checked.code === 0 ? 'ok' : `${checked.stdout.split('\n').filter(Boolean).length} violations`;
}

async function types(i, source) {
  const typed = await toolarsenalAsync(['types', source.file, ...source.read, '-o', join(work, `${i}.ts`)]);
  if (typed.code !== 0) fail(`types ${source.name}`, typed);
  return typed.code === 0 ? 'ok' : 'failed';
}

// Two commands at a time (CI machines have a few cores); every cell still runs the real bin.
const jobs = sources.flatMap((source, i) => [
  ...TARGETS.map((target) => () => convertAndCheck(i, source, target)),
  () => types(i, source),
]);
const cells = await inPool(jobs, 2);
const width = TARGETS.length + 1;
const rows = sources.map((source, i) => [source.name, ...cells.slice(i * width, (i + 1) * width)]);

const header = ['source', ...TARGETS.map((t) => t.join(' ')), 'types'];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
if (failures.length > 0) {
  console.error(`\n${failures.length} failures:\n${failures.join('\n\n')}`);
  process.exit(1);
}
console.log(
  `\nci-check corpora: ${sources.length} sources × ${TARGETS.length} targets converted and checked.`,
);
