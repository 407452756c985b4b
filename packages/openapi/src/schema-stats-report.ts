import type { SchemaStatKey, SchemaStats } from './schema-stats.js';

/** One summary warning per kind of change schema conversion made, with the exact number of places. */
export function reportStats(
  stats: SchemaStats,
  warn: (pointer: string, code: string, message: string) => void,
): void {
  const lines: Array<[SchemaStatKey, string, string]> = [
    ['vendorExtensions', 'vendor_extensions_dropped', 'x-* vendor extensions dropped from schemas'],
    [
      'openapiKeywords',
      'openapi_keywords_dropped',
      'OpenAPI-only schema keywords dropped (xml, discriminator, externalDocs, $id, …)',
    ],
    ['unresolvedRefs', 'unresolved_ref', 'unresolvable $refs replaced by {} (accepts anything)'],
    ['invalidKeywords', 'invalid_keyword', 'invalid schema keyword values dropped'],
    [
      'tupleItems',
      'tuple_items',
      'array-valued "items" (invalid in OpenAPI 3.0) rewritten as items/prefixItems',
    ],
    [
      'inferredTypes',
      'type_inferred',
      'schemas with properties/items but no type given "type": "object"/"array"',
    ],
    [
      'emptyBodies',
      'empty_body_dropped',
      'operations whose request body only admits {}: body left out of the tool input',
    ],
  ];
  for (const [key, code, text] of lines) {
    const count = stats.count(key);
    if (count > 0) warn('', code, `${count} ${text}`);
  }
}
