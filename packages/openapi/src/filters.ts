import { compileGlobs, type GlobOptions } from '@toolarsenal/toolmodel';

export interface OperationFilterOptions {
  /** Keep only operations with at least one of these tags (case-insensitive). */
  includeTags?: readonly string[] | undefined;
  /** Drop operations with any of these tags (case-insensitive). */
  excludeTags?: readonly string[] | undefined;
  /** Keep only operations whose operationId (or derived name) matches one of these globs. */
  includeOperations?: readonly string[] | undefined;
  /** Drop operations whose operationId (or derived name) matches one of these globs. */
  excludeOperations?: readonly string[] | undefined;
  /** Keep only operations whose path template matches one of these globs (e.g. `/pets/**`). */
  includePaths?: readonly string[] | undefined;
  /** Drop operations whose path template matches one of these globs. */
  excludePaths?: readonly string[] | undefined;
  /** Keep only these HTTP methods (case-insensitive). */
  methods?: readonly string[] | undefined;
}

export interface OperationFacts {
  method: string;
  path: string;
  operationId?: string | undefined;
  derivedName: string;
  tags: readonly string[];
}

type Matcher = (value: string) => boolean;

/** Path globs treat `/` as a separator (`/pets/*` is one level, `/pets/**` any depth). */
export const PATH_GLOB: GlobOptions = { separator: '/' };

function globs(patterns: readonly string[] | undefined, options: GlobOptions = {}): Matcher | undefined {
  if (!patterns || patterns.length === 0) return undefined;
  return compileGlobs(patterns, options);
}

/** Builds the include/exclude predicate; `undefined` means "keep"; a string says why an operation is filtered out. */
export function createOperationFilter(
  options: OperationFilterOptions,
): (op: OperationFacts) => string | undefined {
  const lower = (list: readonly string[] | undefined) =>
    list ? new Set(list.map((t) => t.toLowerCase())) : undefined;
  const includeTags = lower(options.includeTags);
  const excludeTags = lower(options.excludeTags);
  const methods = lower(options.methods);
  const includeOps = globs(options.includeOperations);
  const excludeOps = globs(options.excludeOperations);
  const includePaths = globs(options.includePaths, PATH_GLOB);
  const excludePaths = globs(options.excludePaths, PATH_GLOB);
  return (op) => {
    const tags = op.tags.map((t) => t.toLowerCase());
    const id = op.operationId ?? op.derivedName;
    if (methods && !methods.has(op.method.toLowerCase()))
      return `method ${op.method.toUpperCase()} not included`;
    if (includeTags && includeTags.size > 0 && !tags.some((t) => includeTags.has(t)))
      return 'no included tag';
    if (excludeTags && tags.some((t) => excludeTags.has(t))) return 'has an excluded tag';
    if (includeOps && !includeOps(id)) return 'operationId not included';
    if (excludeOps?.(id)) return 'operationId excluded';
    if (includePaths && !includePaths(op.path)) return 'path not included';
    if (excludePaths?.(op.path)) return 'path excluded';
    return undefined;
  };
}
