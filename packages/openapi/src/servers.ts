import { isPlainObject } from '@toolarsenal/toolmodel';
import type { SpecKind } from './load-document.js';
import type { HttpSourceMeta, ServerTemplateMeta } from './source-meta.js';

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

/** OpenAPI 3 servers whose URL holds `{variables}`, with the variables' defaults and enums. */
export function serverTemplates(
  operation: Record<string, unknown>,
  pathItem: Record<string, unknown>,
  api: Record<string, unknown>,
  kind: SpecKind,
): ServerTemplateMeta[] {
  if (kind === 'swagger-2.0') return [];
  const list = [operation.servers, pathItem.servers, api.servers].find(
    (s) => Array.isArray(s) && s.length > 0,
  ) as unknown[] | undefined;
  const out: ServerTemplateMeta[] = [];
  for (const server of list ?? []) {
    if (!isPlainObject(server) || typeof server.url !== 'string' || !/\{[^}]+\}/.test(server.url)) continue;
    const template: ServerTemplateMeta = { url: server.url };
    const variables: NonNullable<ServerTemplateMeta['variables']> = {};
    if (isPlainObject(server.variables)) {
      for (const [name, v] of Object.entries(server.variables)) {
        if (!isPlainObject(v)) continue;
        const entry: { default?: string; enum?: string[] } = {};
        if (v.default !== undefined) entry.default = String(v.default);
        if (Array.isArray(v.enum)) entry.enum = v.enum.map(String);
        variables[name] = entry;
      }
    }
    if (Object.keys(variables).length > 0) template.variables = variables;
    out.push(template);
  }
  return out;
}

/** Warns (once per document fact) where the executor will need a base URL or server variables from the caller. */
export function noteServers(
  meta: HttpSourceMeta,
  op: { pointer: string },
  ctx: { warnOnce: (pointer: string, code: string, message: string) => void },
): void {
  const servers = meta.servers ?? [];
  if (servers.length === 0) {
    ctx.warnOnce(
      op.pointer,
      'no_server',
      'the document declares no server: calls need a base URL (createHttpExecutor baseUrl, toolarsenal call --base-url)',
    );
    return;
  }
  for (const url of servers) {
    if (/\{[^}]+\}/.test(url))
      ctx.warnOnce(
        op.pointer,
        'server_variable_unresolved',
        `server "${url}" has variables without a default: calls need serverVariables or a base URL`,
      );
    else if (url.startsWith('//'))
      ctx.warnOnce(
        op.pointer,
        'server_protocol_relative',
        `server "${url}" has no scheme: the executor uses https: (or the scheme of a base URL)`,
      );
    else if (!/^[a-z][a-z0-9+.-]*:/i.test(url))
      ctx.warnOnce(
        op.pointer,
        'server_relative',
        `server "${url}" is relative: calls resolve it against the base URL, or the document's URL when it was read from one`,
      );
  }
}
