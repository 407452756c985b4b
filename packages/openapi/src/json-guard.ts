import { inspectJson } from '@toolarsenal/toolmodel';
import { OpenApiImportError } from './errors.js';
import type { OpenApiLimits } from './limits.js';

/**
 * The plain-JSON guard for one file of a document: no `__proto__` keys (`constructor` and
 * `prototype` are ordinary names), no cycles, bounded depth, node count and string length.
 * Throws `OpenApiImportError` naming the first problem's pointer.
 */
export function guardJson(value: unknown, file: string, limits: OpenApiLimits): void {
  const issues = inspectJson(value, {
    maxNodes: limits.maxNodes,
    maxDepth: limits.maxDepth,
    maxStringLength: limits.maxFileBytes,
    maxArrayLength: limits.maxNodes,
  });
  if (issues.length === 0) return;
  const first = issues[0]!;
  throw new OpenApiImportError(
    first.code === 'too_large' || first.code === 'too_deep' ? 'OPENAPI_TOO_LARGE' : 'OPENAPI_UNSAFE',
    { file, pointer: first.pointer, reason: first.message },
    issues.map((i) => ({ file, pointer: i.pointer, code: i.code, message: i.message })),
  );
}
