import { resolve } from 'node:path';
import { importOpenApi } from '@toolarsenal/openapi';
import type { SourceConfig } from '../config/schema.js';
import type { Loaded } from './loaded-source.js';

/**
 * Imports an OpenAPI document's operations as tools (`@toolarsenal/openapi`). Execution is the
 * executor given to the source (the HTTP executor); without one, calls answer `EXECUTOR_NOT_FOUND`.
 */
export async function loadOpenApi(config: SourceConfig, namespace: string, dir: string): Promise<Loaded> {
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
  return { tools: result.tools };
}
