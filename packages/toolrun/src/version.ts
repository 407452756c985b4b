/** Package version, kept in step with package.json by the release process. */
export const version = '0.0.0';
