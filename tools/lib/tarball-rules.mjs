// What a published tarball may hold: pure checks over its file list, its package.json and its text
// files, so they can be tested without packing anything. Each problem names the package and the paths.

/** Paths no tarball may contain, with why. */
const FORBIDDEN = [
  [/(^|\/)[^/]+\.(test|spec)\.[^/]+$/, 'test files'],
  [/(^|\/)[^/]+\.corpus\.[^/]+$/, 'corpus suites'],
  [/(^|\/)(test-fixtures|__tests__|__fixtures__|fixtures)\//, 'test fixtures'],
  [/(^|\/)[^/]*(test-kit|test-utils|test-helpers)[^/]*$/, 'test helpers'],
  [/(^|\/)bench\//, 'benchmarks'],
  [/\.tsbuildinfo$/, 'TypeScript build info'],
  [/\.map$/, 'source maps (the repository builds without them: DEVELOPERS.md, "Source maps")'],
];

/**
 * @param {{ name: string, manifest: Record<string, any>, files: string[], read: (path: string) => string }} tarball
 *   files: paths inside the package (no `package/` prefix); read: a text file's content
 * @returns {string[]} problems, empty when the tarball is fine
 */
export function tarballProblems({ name, manifest, files, read }) {
  const problems = [];
  const has = new Set(files);
  const report = (what, paths) => {
    if (paths.length)
      problems.push(
        `${name}: ${what}: ${paths.slice(0, 8).join(', ')}${paths.length > 8 ? ` … (${paths.length})` : ''}`,
      );
  };

  if (!files.some((f) => /^LICEN[CS]E(\.(md|txt))?$/i.test(f))) problems.push(`${name}: no LICENSE file`);
  if (!has.has('README.md')) problems.push(`${name}: no README.md`);

  for (const [pattern, what] of FORBIDDEN)
    report(
      what,
      files.filter((f) => pattern.test(f)),
    );

  // A testing/ folder ships only when the package exports it deliberately as a ./testing subpath.
  const exportsTesting = Object.keys(manifest.exports ?? {}).some((key) => /^\.\/testing(\/|$)/.test(key));
  if (!exportsTesting)
    report(
      'test helpers (a testing/ folder that is not an exported ./testing subpath)',
      files.filter((f) => /(^|\/)testing\//.test(f)),
    );

  const code = files.filter((f) => /\.(c|m)?js$|\.d\.(c|m)?ts$/.test(f));
  report(
    "code that reads the monorepo's shared corpora (../shared/data)",
    code.filter((f) => /shared\/data|['"]shared['"],\s*['"]data['"]/.test(read(f))),
  );
  report(
    'sourceMappingURL comments pointing at files that are not in the tarball',
    code.filter((f) => {
      const match = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(read(f));
      return match && !match[1].startsWith('data:') && !has.has(joinPath(f, match[1]));
    }),
  );

  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
      if (/^(file|link|workspace|git|https?):/.test(range))
        problems.push(`${name}: ${field}.${dep} is "${range}", which consumers cannot install`);
      else if (field === 'dependencies' && !/^\^\d/.test(range))
        problems.push(
          `${name}: dependencies.${dep} is "${range}"; runtime dependencies use caret ranges (DEVELOPERS.md)`,
        );
    }
  }
  return problems;
}

/** Resolves `relative` against the directory of `from`, both package paths with `/`. */
export function joinPath(from, relative) {
  const parts = from.split('/').slice(0, -1);
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** The import specifiers of a package's entry points (its exports keys, without ./package.json and patterns). */
export function entrySpecifiers(manifest) {
  const exportsMap = manifest.exports;
  const subpaths =
    exportsMap && typeof exportsMap === 'object' && Object.keys(exportsMap).every((k) => k.startsWith('.'));
  const keys = subpaths ? Object.keys(exportsMap) : ['.'];
  return keys
    .filter((key) => key === '.' || (key.startsWith('./') && !key.includes('*') && !key.endsWith('.json')))
    .map((key) => (key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`));
}
