import type { Tool } from '@toolarsenal/toolmodel';
import type { HttpSourceMeta } from '../source-meta.js';
import { HttpCallError } from './errors.js';

/**
 * The base URL of a call: the caller's `baseUrl` (a per-source override) if given, else the
 * operation's first server with `serverVariables` (or the declared defaults) filled in.
 * Protocol-relative servers (`//api.example.com`) get `https:`; relative ones (`/v1`) resolve
 * against the document's URL when the tool came from one. Without any, the call is refused.
 */
export function resolveBaseUrl(
  tool: Tool,
  meta: HttpSourceMeta,
  baseUrl: string | undefined,
  serverVariables: Record<string, string> = {},
): string {
  let chosen = baseUrl;
  if (chosen === undefined) {
    const template = meta.serverTemplates?.[0];
    const first = meta.servers?.[0];
    if (
      template &&
      (first === undefined || /\{[^}]+\}/.test(first) || Object.keys(serverVariables).length > 0)
    ) {
      chosen = template.url.replace(/\{([^}]+)\}/g, (match, name: string) => {
        const given = serverVariables[name];
        const declared = template.variables?.[name];
        if (given !== undefined) {
          if (declared?.enum && declared.enum.length > 0 && !declared.enum.includes(given))
            throw new HttpCallError(
              'OPENAPI_CALL_NO_BASE_URL',
              `server variable "${name}" must be one of ${declared.enum.join(', ')}`,
            );
          return given;
        }
        return declared?.default ?? match;
      });
    } else chosen = first;
  }
  if (chosen === undefined || chosen === '')
    throw new HttpCallError(
      'OPENAPI_CALL_NO_BASE_URL',
      `tool "${tool.name}": the document declares no server; give a base URL`,
    );
  const unresolved = /\{([^}]+)\}/.exec(chosen);
  if (unresolved)
    throw new HttpCallError(
      'OPENAPI_CALL_NO_BASE_URL',
      `tool "${tool.name}": server "${chosen}" needs a value for {${unresolved[1]}} (serverVariables) or a base URL`,
    );
  if (chosen.startsWith('//')) chosen = `https:${chosen}`;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(chosen)) {
    const documentUrl = tool.sourceUri?.split('#')[0];
    if (!documentUrl || !/^https?:\/\//i.test(documentUrl))
      throw new HttpCallError(
        'OPENAPI_CALL_NO_BASE_URL',
        `tool "${tool.name}": server "${chosen}" is relative; give a base URL`,
      );
    chosen = new URL(chosen, documentUrl).toString();
  }
  try {
    return new URL(chosen).toString().replace(/\/+$/, '');
  } catch {
    throw new HttpCallError(
      'OPENAPI_CALL_NO_BASE_URL',
      `tool "${tool.name}": "${chosen}" is not a valid URL`,
    );
  }
}
