import { hash } from 'node:crypto';
import { InvalidArgumentError } from './errors.js';
import { canonicalJson, isPlainObject } from './safe-json.js';
import type { Tool } from './tool-types.js';

/**
 * Fields covered by `contentHash`: identity, everything a model sees (descriptions, examples,
 * schemas, annotations), and safety/behaviour flags. Not covered: provenance (`source`,
 * `sourceUri`, `sourceMeta`), `cost`, timestamps, `meta`, and the computed `id`/`contentHash`.
 * So re-importing the same tool from another server or at another time keeps its hash, while any
 * edit a model or a policy would notice changes it.
 */
export const CONTENT_HASH_FIELDS = [
  'name',
  'namespace',
  'version',
  'title',
  'description',
  'longDescription',
  'examples',
  'tags',
  'category',
  'usageHints',
  'inputSchema',
  'outputSchema',
  'capabilities',
  'annotations',
  'requiresConfirmation',
  'requiredScopes',
  'exclusive',
  'takesControl',
  'dependencies',
  'deprecated',
  'deprecationMessage',
  'supersededBy',
] as const satisfies ReadonlyArray<keyof Tool>;

// The covered fields in the order canonicalJson sorts them, each with its quoted key: the top level
// is written directly, without building a subset object or sorting its keys on every call.
const SORTED_FIELDS = [...CONTENT_HASH_FIELDS]
  .sort()
  .map((field) => [field, `${JSON.stringify(field)}:`] as const);

/**
 * `sha256:<hex>` of the canonical JSON (sorted keys, no whitespace) of the covered fields.
 * Stable across key order and absent-vs-default differences because tools are normalised first.
 */
export function contentHash(tool: Pick<Tool, (typeof CONTENT_HASH_FIELDS)[number]>): string {
  if (!isPlainObject(tool)) throw new InvalidArgumentError('tool', 'a tool object', tool);
  // Same text as canonicalJson(subset of the covered fields), which the tests pin.
  let json = '{';
  for (const [field, quoted] of SORTED_FIELDS) {
    const value = (tool as Record<string, unknown>)[field];
    if (value === undefined) continue;
    if (json.length > 1) json += ',';
    json += quoted;
    json += canonicalJson(value);
  }
  json += '}';
  // One-shot crypto.hash (Node ≥ 20.12) skips the Hash object createHash would allocate per call.
  return `sha256:${hash('sha256', json, 'hex')}`;
}
