import { createHash } from 'node:crypto';
import { canonicalJson } from './safe-json.js';
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

/**
 * `sha256:<hex>` of the canonical JSON (sorted keys, no whitespace) of the covered fields.
 * Stable across key order and absent-vs-default differences because tools are normalised first.
 */
export function contentHash(tool: Pick<Tool, (typeof CONTENT_HASH_FIELDS)[number]>): string {
  const subset: Record<string, unknown> = {};
  for (const field of CONTENT_HASH_FIELDS) subset[field] = (tool as Record<string, unknown>)[field];
  return `sha256:${createHash('sha256').update(canonicalJson(subset)).digest('hex')}`;
}
