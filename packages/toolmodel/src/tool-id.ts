import { ToolIdError } from './errors.js';
import { explainInvalidName, explainInvalidNamespace, explainInvalidVersion } from './names.js';

/**
 * The parts of a stable tool id. The id is `namespace:name@version`; namespace and version
 * are optional (`name`, `name@1.0.0`, `mcp.github:create_issue@2.1.0`). None of the parts can
 * contain `:` or `@`, so parsing is unambiguous and `parseToolId(formatToolId(p))` equals `p`.
 */
export interface ToolIdParts {
  namespace?: string | undefined;
  name: string;
  version?: string | undefined;
}

export function formatToolId(parts: ToolIdParts): string {
  if (parts === null || typeof parts !== 'object')
    throw new ToolIdError(String(parts), 'expected {namespace?, name, version?}');
  const id = joinToolId(parts.namespace, parts.name, parts.version);
  const reason = explainInvalidParts(parts);
  if (reason) throw new ToolIdError(id, reason);
  return id;
}

/**
 * The id of parts that are already known to be valid (the tool shape checked them while parsing):
 * `formatToolId` without its second check of each part.
 */
export function joinToolId(namespace: string | undefined, name: string, version: string | undefined): string {
  return `${namespace !== undefined ? `${namespace}:` : ''}${name}${version !== undefined ? `@${version}` : ''}`;
}

export function parseToolId(id: string): ToolIdParts {
  if (typeof id !== 'string') throw new ToolIdError(String(id), 'a tool id must be a string');
  if (id.length > 400) throw new ToolIdError(id, 'longer than 400 characters');
  const at = id.indexOf('@');
  if (at !== -1 && id.indexOf('@', at + 1) !== -1) throw new ToolIdError(id, 'more than one "@"');
  const head = at === -1 ? id : id.slice(0, at);
  const version = at === -1 ? undefined : id.slice(at + 1);
  const colon = head.indexOf(':');
  if (colon !== -1 && head.indexOf(':', colon + 1) !== -1) throw new ToolIdError(id, 'more than one ":"');
  const parts: ToolIdParts =
    colon === -1 ? { name: head } : { namespace: head.slice(0, colon), name: head.slice(colon + 1) };
  if (version !== undefined) parts.version = version;
  const reason = explainInvalidParts(parts);
  if (reason) throw new ToolIdError(id, reason);
  return parts;
}

/** Like `parseToolId`, returning `undefined` instead of throwing. */
export function tryParseToolId(id: string): ToolIdParts | undefined {
  try {
    return parseToolId(id);
  } catch {
    return undefined;
  }
}

function explainInvalidParts(parts: ToolIdParts): string | undefined {
  if (typeof parts.name !== 'string') return 'name must be a string';
  if (parts.namespace !== undefined && typeof parts.namespace !== 'string')
    return 'namespace must be a string';
  if (parts.version !== undefined && typeof parts.version !== 'string') return 'version must be a string';
  return (
    explainInvalidName(parts.name) ??
    (parts.namespace !== undefined ? explainInvalidNamespace(parts.namespace) : undefined) ??
    (parts.version !== undefined ? explainInvalidVersion(parts.version) : undefined)
  );
}
