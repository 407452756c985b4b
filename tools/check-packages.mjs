#!/usr/bin/env node
// The release check (`npm run check:packages`, run by .ci/run): packs every publishable package the
// way `npm publish` would (its prepack: clean dist, build), then checks each tarball (publint --strict,
// attw --profile esm-only, LICENSE + README, no test files/helpers/fixtures/build info/maps), installs
// all tarballs into an empty consumer project (ours from the tarballs, third-party from the registry),
// loads every entry point and bin there, compiles the published types, runs the README examples
// against the installed packages, and prints the tarball sizes.
// Usage: node tools/check-packages.mjs [--keep]   (--keep leaves the temporary directory for a look)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { installTarballs, loadProblems, lockProblems, typeProblems } from './lib/consumer-project.mjs';
import { describeIsolation, formatOutcome, runReadmeExamples } from './lib/readme-harness.mjs';
import { tarballProblems } from './lib/tarball-rules.mjs';
import { publishablePackages, readmeFiles, repoRoot } from './lib/workspace.mjs';

const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false } } });
const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);
const work = mkdtempSync(join(tmpdir(), 'toolarsenal-packages-'));
const tarballDir = join(work, 'tarballs');
const consumer = join(work, 'consumer');
mkdirSync(tarballDir);
mkdirSync(consumer);

const problems = [];
const step = (title) => console.log(`\n== ${title}`);
const run = (command, args, cwd = repoRoot) => spawnSync(command, args, { cwd, encoding: 'utf8' });

try {
  const packages = dependencyOrder(publishablePackages());

  step(`pack ${packages.length} packages (prepack: clean dist, build)`);
  const packed = [];
  for (const pkg of packages) {
    const prepack = run('npm', ['run', 'prepack', '--silent'], pkg.dir);
    if (prepack.status !== 0) {
      problems.push(`${pkg.name}: prepack failed:\n${prepack.stdout}${prepack.stderr}`);
      continue;
    }
    const result = run(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', tarballDir],
      pkg.dir,
    );
    if (result.status !== 0) {
      problems.push(`${pkg.name}: npm pack failed:\n${result.stderr}`);
      continue;
    }
    const [info] = JSON.parse(result.stdout);
    const tarball = join(tarballDir, info.filename);
    const unpacked = join(work, 'unpacked', pkg.folder);
    mkdirSync(unpacked, { recursive: true });
    run('tar', ['-xzf', tarball, '-C', unpacked]);
    const root = join(unpacked, 'package');
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    packed.push({ pkg, info, tarball, manifest });
    problems.push(
      ...tarballProblems({
        name: pkg.name,
        manifest,
        files: info.files.map((f) => f.path),
        read: (path) => readFileSync(join(root, path), 'utf8'),
      }),
    );
    console.log(`packed ${info.filename}`);
  }

  step('publint --strict and attw --profile esm-only on each tarball');
  for (const { pkg, tarball } of packed) {
    const publint = run(process.execPath, [bin('publint'), 'run', tarball, '--strict']);
    const publintOut = `${publint.stdout}${publint.stderr}`;
    if (publint.status !== 0 || !publintOut.includes('All good!'))
      problems.push(`${pkg.name}: publint --strict:\n${publintOut}`);
    const attw = run(process.execPath, [
      bin('attw'),
      tarball,
      '--profile',
      'esm-only',
      '--no-definitely-typed',
      '--format',
      'table-flipped',
      '--no-color',
      '--no-emoji',
    ]);
    if (attw.status !== 0)
      problems.push(`${pkg.name}: attw --profile esm-only:\n${attw.stdout}${attw.stderr}`);
    console.log(
      `${pkg.name}: publint ${publint.status === 0 ? 'ok' : 'FAILED'}, attw ${attw.status === 0 ? 'ok' : 'FAILED'}`,
    );
  }

  step('install every tarball into an empty consumer project');
  const installProblems = installTarballs(
    consumer,
    packed.map((p) => p.tarball),
  );
  problems.push(...installProblems);
  if (installProblems.length === 0) {
    const names = packed.map((p) => p.pkg.name);
    const manifests = packed.map((p) => p.manifest);
    const types = typeProblems(consumer, manifests);
    const consumerProblems = [
      ...lockProblems(consumer, names),
      ...loadProblems(consumer, manifests),
      ...types.problems,
    ];
    for (const note of types.notes) console.log(`note: ${note}`);
    problems.push(...consumerProblems);
    console.log(
      consumerProblems.length
        ? 'consumer: problems (below)'
        : 'consumer: installed from the tarballs; every entry point and bin loads; types compile',
    );

    step(`README examples against the installed tarballs; ${describeIsolation()}`);
    const outcomes = await runReadmeExamples({
      readmes: readmeFiles(),
      resolveRoot: consumer,
      sandbox: join(consumer, 'readme-tests'),
    });
    for (const outcome of outcomes) {
      if (outcome.kind === 'md' || outcome.status === 'skipped') console.log(formatOutcome(outcome));
      if (outcome.status === 'failed')
        problems.push(`README example ${outcome.location} fails against the installed tarballs`);
    }
  }

  step('tarball sizes');
  console.log(sizeTable(packed.map((p) => p.info)));
} finally {
  if (values.keep) console.log(`\nkept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

if (problems.length) {
  console.log(`\n${problems.length} problem(s):`);
  for (const problem of problems) console.log(`- ${problem.replace(/\n/g, '\n    ')}`);
  process.exit(1);
}
console.log('\ncheck:packages: every tarball is clean');

/** Packages before the packages that depend on them, so each prepack builds against fresh inputs. */
function dependencyOrder(packages) {
  const byName = new Map(packages.map((p) => [p.name, p]));
  const ordered = [];
  const seen = new Set();
  const visit = (pkg) => {
    if (seen.has(pkg.name)) return;
    seen.add(pkg.name);
    for (const dep of Object.keys(pkg.manifest.dependencies ?? {}))
      if (byName.has(dep)) visit(byName.get(dep));
    ordered.push(pkg);
  };
  for (const pkg of packages) visit(pkg);
  return ordered;
}

function sizeTable(infos) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  const rows = infos.map((i) => [i.name, kb(i.size), kb(i.unpackedSize), String(i.entryCount)]);
  const total = infos.reduce(
    (sum, i) => [sum[0] + i.size, sum[1] + i.unpackedSize, sum[2] + i.entryCount],
    [0, 0, 0],
  );
  rows.push(['total', kb(total[0]), kb(total[1]), String(total[2])]);
  const header = ['package', 'packed', 'unpacked', 'files'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells) =>
    `| ${cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(' | ')} |`;
  const rule = `| ${widths.map((w, c) => (c === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
