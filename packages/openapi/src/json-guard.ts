import { getAtPointer, inspectJson, type ValidationIssue } from '@toolarsenal/toolmodel';
import { OpenApiImportError } from './errors.js';
import type { OpenApiLimits } from './limits.js';

/**
 * Only `__proto__` can reach `Object.prototype` when data is copied; `constructor` and `prototype`
 * are ordinary names in APIs (a query parameter, a schema property) and are kept.
 */
const HARMLESS_KEYS = new Set(['constructor', 'prototype']);

/**
 * The plain-JSON guard for one file of a document: no `__proto__` keys, no cycles, bounded depth,
 * node count and string length. Throws `OpenApiImportError` naming the first problem's pointer.
 */
export function guardJson(value: unknown, file: string, limits: OpenApiLimits): void {
  const issues = inspect(value, limits, '', 0);
  if (issues.length === 0) return;
  const first = issues[0]!;
  throw new OpenApiImportError(
    first.code === 'too_large' || first.code === 'too_deep' ? 'OPENAPI_TOO_LARGE' : 'OPENAPI_UNSAFE',
    { file, pointer: first.pointer, reason: first.message },
    issues.map((i) => ({ file, pointer: i.pointer, code: i.code, message: i.message })),
  );
}

function inspect(value: unknown, limits: OpenApiLimits, base: string, depth: number): ValidationIssue[] {
  const found = inspectJson(
    value,
    {
      maxNodes: limits.maxNodes,
      maxDepth: Math.max(1, limits.maxDepth - depth),
      maxStringLength: limits.maxFileBytes,
      maxArrayLength: limits.maxNodes,
    },
    base,
  );
  const issues: ValidationIssue[] = [];
  for (const issue of found) {
    const key = issue.pointer.slice(issue.pointer.lastIndexOf('/') + 1);
    if (issue.code !== 'forbidden_key' || !HARMLESS_KEYS.has(key)) {
      issues.push(issue);
      continue;
    }
    // inspectJson does not enter keys it refuses: look inside this one on its own.
    const local = issue.pointer.slice(base.length);
    const level = depth + local.split('/').length - 1;
    issues.push(...inspect(getAtPointer(value, local), limits, issue.pointer, level));
  }
  return issues;
}
