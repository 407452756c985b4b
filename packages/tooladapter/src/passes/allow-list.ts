import { mapSchemaLazy } from '@toolarsenal/toolmodel';
import type { PassContext } from './context.js';
import { moveKeywordsToDescription, type Schema } from './schema-utils.js';

/** What a strict target accepts in a schema node. */
export interface KeywordPolicy {
  readonly fields: ReadonlySet<string>;
  /** Accepted `format` values. */
  readonly formats: ReadonlySet<string>;
  /** Largest accepted `minItems` (Anthropic strict: 0 or 1). */
  readonly maxMinItems?: number;
}

const STRUCTURE = [
  'type',
  'description',
  'title',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
];

/** OpenAI structured outputs (openai/openai-node `src/lib/transform-json-schema.ts`). */
export const OPENAI_STRICT_POLICY: KeywordPolicy = {
  fields: new Set([
    ...STRUCTURE,
    'pattern',
    'format',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'minItems',
    'maxItems',
  ]),
  formats: new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']),
};

/** Anthropic strict tool use (anthropics/anthropic-sdk-typescript `src/lib/transform-json-schema.ts`). */
export const ANTHROPIC_STRICT_POLICY: KeywordPolicy = {
  fields: new Set([
    ...STRUCTURE.filter((k) => k !== '$ref' && k !== '$defs'),
    'format',
    'minItems',
    'default',
  ]),
  formats: new Set([
    'date-time',
    'time',
    'date',
    'duration',
    'email',
    'hostname',
    'uri',
    'ipv4',
    'ipv6',
    'uuid',
  ]),
  maxMinItems: 1,
};

/**
 * Moves every keyword outside `policy` (and unsupported `format`s / `minItems`) into the
 * description as tags, bottom-up. Pure; records each move.
 */
export function applyKeywordPolicy(
  schema: Schema,
  base: string,
  ctx: PassContext,
  policy: KeywordPolicy,
): Schema {
  return mapSchemaLazy(
    schema,
    (node, at) => {
      applyPolicyToNode(node, at, ctx, policy);
      return node;
    },
    base,
  ) as Schema;
}

/** The per-node part of `applyKeywordPolicy`, in place (for passes that fuse it into their walk). */
export function applyPolicyToNode(
  node: Schema,
  at: () => string,
  ctx: PassContext,
  policy: KeywordPolicy,
): void {
  const move: string[] = [];
  for (const k in node) if (!policy.fields.has(k) && Object.hasOwn(node, k)) move.push(k);
  if (typeof node.format === 'string' && !policy.formats.has(node.format)) move.push('format');
  if (
    policy.maxMinItems !== undefined &&
    typeof node.minItems === 'number' &&
    node.minItems > policy.maxMinItems
  )
    move.push('minItems');
  if (move.length > 0)
    moveKeywordsToDescription(node, move, at(), ctx, `${ctx.target} does not support this keyword`);
}

/** Whether `applyPolicyToNode` would move anything out of this node. */
export function nodeBreaksPolicy(node: Schema, policy: KeywordPolicy): boolean {
  for (const k in node) if (!policy.fields.has(k) && Object.hasOwn(node, k)) return true;
  if (typeof node.format === 'string' && !policy.formats.has(node.format)) return true;
  return (
    policy.maxMinItems !== undefined &&
    typeof node.minItems === 'number' &&
    node.minItems > policy.maxMinItems
  );
}
