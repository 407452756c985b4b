/** Compiles each entry (relative to packageDir) to `<packageDir>/node_modules/.cache/test-fixtures/<name>.mjs`. */
export function compileFixtures(packageDir: string, entries: string[]): Promise<Record<string, string>>;
/** Compiles one TypeScript entry file and the relative imports it reaches into `outfile` (an ES module). */
export function compileScript(
  entry: string,
  outfile: string,
  options?: { sourcemap?: boolean },
): Promise<void>;
