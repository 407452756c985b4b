import { isPlainObject, type Tool } from '@toolarsenal/toolmodel';
import { isHttpMethod, isParameterLocation } from '@toolarsenal/tooladapter';
import type { HttpSourceMeta } from '../source-meta.js';
import { HttpCallError } from './errors.js';

const cache = new WeakMap<Tool, HttpSourceMeta>();

/**
 * The tool's `sourceMeta.openapi`, checked field by field (tools may come from files: never trust
 * the shape). Throws `OPENAPI_CALL_BAD_TOOL` naming the field.
 */
export function readHttpMeta(tool: Tool): HttpSourceMeta {
  const hit = cache.get(tool);
  if (hit) return hit;
  const raw = isPlainObject(tool.sourceMeta) ? tool.sourceMeta.openapi : undefined;
  const bad = (field: string, why: string) =>
    new HttpCallError('OPENAPI_CALL_BAD_TOOL', `tool "${tool.name}": sourceMeta.openapi${field} ${why}`);
  if (!isPlainObject(raw))
    throw bad('', 'is missing: only tools made by importOpenApi can be called over HTTP');
  if (!isHttpMethod(raw.method)) throw bad('.method', 'is not an HTTP method');
  if (typeof raw.path !== 'string' || !raw.path.startsWith('/'))
    throw bad('.path', 'must be a string starting with "/"');
  if (!isPlainObject(raw.parameters)) throw bad('.parameters', 'must be an object');
  for (const [location, group] of Object.entries(raw.parameters)) {
    if (!isParameterLocation(location)) throw bad(`.parameters.${location}`, 'is not a parameter location');
    if (!isPlainObject(group)) throw bad(`.parameters.${location}`, 'must be an object');
    for (const [name, p] of Object.entries(group)) {
      if (!isPlainObject(p)) throw bad(`.parameters.${location}.${name}`, 'must be an object');
      if (p.style !== undefined && typeof p.style !== 'string')
        throw bad(`.parameters.${location}.${name}.style`, 'must be a string');
      if (p.explode !== undefined && typeof p.explode !== 'boolean')
        throw bad(`.parameters.${location}.${name}.explode`, 'must be a boolean');
    }
  }
  if (
    raw.servers !== undefined &&
    !(Array.isArray(raw.servers) && raw.servers.every((s) => typeof s === 'string'))
  )
    throw bad('.servers', 'must be an array of strings');
  if (raw.body !== undefined && !(isPlainObject(raw.body) && typeof raw.body.contentType === 'string'))
    throw bad('.body', 'must be an object with a contentType');
  if (raw.security !== undefined && !(Array.isArray(raw.security) && raw.security.every(isPlainObject)))
    throw bad('.security', 'must be an array of objects');
  if (raw.securitySchemes !== undefined && !isPlainObject(raw.securitySchemes))
    throw bad('.securitySchemes', 'must be an object');
  const meta = raw as unknown as HttpSourceMeta;
  cache.set(tool, meta);
  return meta;
}
