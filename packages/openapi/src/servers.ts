import { isPlainObject } from '@toolarsenal/toolmodel';
import type { SpecKind } from './load-document.js';

/** Server URLs for an operation (operation → path item → document), variables filled with their defaults. */
export function serverUrls(
  operation: Record<string, unknown>,
  pathItem: Record<string, unknown>,
  api: Record<string, unknown>,
  kind: SpecKind,
): string[] {
  if (kind === 'swagger-2.0') {
    const basePath = typeof api.basePath === 'string' ? api.basePath.replace(/\/+$/, '') : '';
    const host = typeof api.host === 'string' ? api.host : undefined;
    if (!host) return basePath ? [basePath] : [];
    const declared = (Array.isArray(operation.schemes) ? operation.schemes : api.schemes) as unknown;
    const schemes = Array.isArray(declared)
      ? declared.filter((s): s is string => s === 'https' || s === 'http')
      : [];
    if (schemes.length === 0) schemes.push('https');
    schemes.sort((a, b) => (a === 'https' ? -1 : b === 'https' ? 1 : 0));
    return [...new Set(schemes.map((s) => `${s}://${host}${basePath}`))];
  }
  const list = [operation.servers, pathItem.servers, api.servers].find(
    (s) => Array.isArray(s) && s.length > 0,
  ) as unknown[] | undefined;
  if (!list) return [];
  const urls: string[] = [];
  for (const server of list) {
    if (!isPlainObject(server) || typeof server.url !== 'string') continue;
    const variables = isPlainObject(server.variables) ? server.variables : {};
    const url = server.url.replace(/\{([^}]+)\}/g, (match, name: string) => {
      const v = variables[name];
      return isPlainObject(v) && v.default !== undefined ? String(v.default) : match;
    });
    urls.push(url);
  }
  return [...new Set(urls)];
}
