import { resolve } from 'node:path';
import { importOpenApi } from '@toolarsenal/openapi';
import { createHttpExecutor } from '@toolarsenal/openapi/http';
import type { SourceConfig } from '../config/schema.js';
import type { Loaded } from './loaded-source.js';

/**
 * Imports an OpenAPI document's operations as tools (`@toolarsenal/openapi`). Calls go over HTTP
 * (`@toolarsenal/openapi/http`: host policy, DNS-checked addresses, credentials by scheme) unless
 * the arsenal was given its own executor for OpenAPI sources (`withExecutor: false`).
 */
export async function loadOpenApi(
  config: SourceConfig,
  namespace: string,
  dir: string,
  withExecutor = true,
): Promise<Loaded> {
  const o = config.openapi!;
  const document = resolve(dir, o.document);
  const result = await importOpenApi(document, {
    namespace,
    ...(o.baseUrl !== undefined && { baseUrl: o.baseUrl }),
    ...(o.deprecated !== undefined && { deprecated: o.deprecated }),
    includeTags: o.includeTags,
    excludeTags: o.excludeTags,
    includeOperations: o.includeOperations,
    excludeOperations: o.excludeOperations,
    includePaths: o.includePaths,
    excludePaths: o.excludePaths,
    methods: o.methods,
  });
  if (!withExecutor) return { tools: result.tools };
  const executor = createHttpExecutor({
    baseUrl: o.baseUrl,
    allowedHosts: o.allowedHosts,
    auth: o.auth,
    headers: o.headers,
  });
  return { tools: result.tools, executor, close: () => executor.close() };
}
