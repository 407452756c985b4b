// Every changeset parses the way `changeset version` will read it (frontmatter intact, which
// Prettier must never touch: .prettierignore), names only publishable packages and a valid bump,
// and says what changed. `changeset status` in .ci/run checks the same plus coverage against main.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import parseChangeset from '@changesets/parse';
import { publishablePackages, repoRoot } from './workspace.mjs';

const dir = join(repoRoot, '.changeset');
const names = new Set(publishablePackages().map((p) => p.name));
const files = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md');

test('there are changesets to check', () => {
  assert.ok(files.length > 0);
});

for (const file of files) {
  test(`.changeset/${file} is a valid changeset`, () => {
    const text = readFileSync(join(dir, file), 'utf8');
    assert.ok(text.startsWith('---\n'), 'the file must start with the `---` frontmatter fence');
    const { releases, summary } = parseChangeset(text);
    assert.ok(releases.length > 0, 'the frontmatter names no package');
    for (const { name, type } of releases) {
      assert.ok(names.has(name), `${name} is not a publishable package of this repository`);
      assert.ok(['major', 'minor', 'patch'].includes(type), `${name}: bump "${type}"`);
    }
    assert.ok(summary.trim().length > 0, 'the changeset says nothing about what changed');
  });
}
