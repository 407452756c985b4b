/**
 * Naming rules for tools. Names accept what real MCP servers use (MCP 2025-11-25: 1–128 chars
 * of [A-Za-z0-9_.-]); dialects with stricter rules (OpenAI: no dots, 64 chars) are handled by
 * tooladapter's reversible name mapping, not by rejecting the tool here.
 */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;
export const TOOL_NAME_MAX_LENGTH = 128;

/** Dot-separated segments of letters, digits, `_` and `-`, e.g. `mcp.github`. */
export const NAMESPACE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9][A-Za-z0-9_-]*)*$/;
export const NAMESPACE_MAX_LENGTH = 128;

/** Semantic Versioning 2.0.0 (the regex from semver.org). */
export const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

export const DEFAULT_TOOL_VERSION = '1.0.0';

/** Why `name` is not a valid tool name, or `undefined` when it is. */
export function explainInvalidName(name: string): string | undefined {
  if (typeof name !== 'string') return 'tool name must be a string';
  // The common case first: one regex test, no per-character work for valid names.
  if (TOOL_NAME_PATTERN.test(name)) return undefined;
  if (name.length === 0) return 'tool name must not be empty';
  if (name.length > TOOL_NAME_MAX_LENGTH)
    return `tool name is ${name.length} characters long; the limit is ${TOOL_NAME_MAX_LENGTH}`;
  const bad = [...name].find((c) => !/[A-Za-z0-9_.-]/.test(c)) ?? name;
  return `tool name contains ${JSON.stringify(bad)}; use only letters, digits, "_", "." and "-" (e.g. "${suggestName(name)}")`;
}

export function isValidToolName(name: string): boolean {
  return typeof name === 'string' && TOOL_NAME_PATTERN.test(name);
}

/** A valid name close to `raw`: invalid characters become `_`, truncated to the limit. */
export function suggestName(raw: string): string {
  if (typeof raw !== 'string') return 'tool';
  const cleaned = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return (cleaned || 'tool').slice(0, TOOL_NAME_MAX_LENGTH);
}

export function explainInvalidNamespace(namespace: string): string | undefined {
  if (typeof namespace !== 'string') return 'namespace must be a string';
  if (namespace.length === 0) return 'namespace must not be empty (omit it instead)';
  if (namespace.length > NAMESPACE_MAX_LENGTH)
    return `namespace is ${namespace.length} characters long; the limit is ${NAMESPACE_MAX_LENGTH}`;
  if (!NAMESPACE_PATTERN.test(namespace))
    return 'namespace must be dot-separated segments of letters, digits, "_" and "-", each starting with a letter or digit (e.g. "mcp.github")';
  return undefined;
}

export function explainInvalidVersion(version: string): string | undefined {
  if (typeof version !== 'string') return 'version must be a string';
  if (!SEMVER_PATTERN.test(version)) return `version ${JSON.stringify(version)} is not semver (e.g. "1.2.0")`;
  return undefined;
}
