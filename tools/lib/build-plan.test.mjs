import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildPlan, missingReferences } from './build-plan.mjs';

test('every package with a build is in the plan, with the steps after its tsc step', () => {
  const plan = buildPlan();
  assert.ok(plan.length >= 19);
  const after = Object.fromEntries(plan.map((p) => [p.folder, p.after]));
  assert.equal(after.toolmodel, '');
  assert.equal(after.inspect, 'tsc -p tsconfig.page.json');
  assert.equal(after.openapi, 'node scripts/write-meta-validators.mjs');
});

test('every package references the packages its sources import, so tsc -b builds them first', () => {
  for (const pkg of buildPlan()) assert.deepEqual(missingReferences(pkg), [], `packages/${pkg.folder}`);
});

test('a missing reference and a build script tsc -b cannot take are reported', () => {
  const root = mkdtempSync(join(tmpdir(), 'build-plan-'));
  try {
    const dir = join(root, 'packages', 'a');
    mkdirSync(join(dir, 'src', 'test-fixtures'), { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ scripts: { build: 'tsc -p tsconfig.build.json' } }),
    );
    writeFileSync(
      join(dir, 'tsconfig.build.json'),
      JSON.stringify({ references: [{ path: '../b/tsconfig.build.json' }] }),
    );
    writeFileSync(join(dir, 'src', 'index.ts'), "import '@toolarsenal/b';\nimport '@toolarsenal/c/sub';\n");
    writeFileSync(join(dir, 'src', 'index.test.ts'), "import '@toolarsenal/d';\n");
    writeFileSync(join(dir, 'src', 'test-fixtures', 'x.ts'), "import '@toolarsenal/e';\n");
    const [pkg] = buildPlan(root);
    assert.deepEqual(missingReferences(pkg), ['c']);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { build: 'esbuild src/index.ts' } }));
    assert.throws(
      () => buildPlan(root),
      /packages\/a: its build script must start with `tsc -p tsconfig.build.json`/,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
