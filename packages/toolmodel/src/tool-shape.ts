import { z } from 'zod';
import { isPlainObject } from './safe-json.js';
import { explainInvalidName, explainInvalidNamespace, explainInvalidVersion } from './names.js';

/** Zod shape of a tool definition as accepted from users and outside data (before normalisation). */

// Limits shared with the fast path in shape-fast-check.ts, so the two cannot drift apart.
export const IDENTIFIER_PATTERN = /^[a-z][a-z0-9_.:-]{0,63}$/;
export const SHORT_TEXT_MAX = 256;
export const LIST_MAX = 1_000;
export const EXAMPLE_MAX = 2_000;
export const DEPRECATION_MESSAGE_MAX = 2_000;
export const SOURCE_URI_MAX = 4_096;

const identifier = (what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .regex(
      IDENTIFIER_PATTERN,
      `${what} must be a lowercase identifier of at most 64 characters (e.g. "read_data")`,
    );

const checked = (explain: (value: string) => string | undefined, what: string) =>
  z.string({ error: `${what} must be a string` }).superRefine((value, ctx) => {
    const reason = explain(value);
    if (reason) ctx.addIssue({ code: 'custom', message: reason });
  });

const text = (what: string, max: number) =>
  z.string({ error: `${what} must be a string` }).max(max, `${what} is longer than ${max} characters`);

const shortText = (what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .min(1, `${what} must not be empty`)
    .max(SHORT_TEXT_MAX, `${what} is longer than ${SHORT_TEXT_MAX} characters`);

const stringList = (what: string, item: z.ZodType<string>) =>
  z
    .array(item, { error: `${what} must be an array of strings` })
    .max(LIST_MAX, `${what} has more than ${LIST_MAX.toLocaleString('en-US')} entries`);

const isoDate = (what: string) =>
  z.iso.datetime({ offset: true, error: `${what} must be an ISO 8601 date-time` });

const jsonRecord = (what: string) =>
  z.record(z.string(), z.unknown(), { error: `${what} must be an object` });

// Accepts exactly what z.record(z.string(), z.unknown()) accepts here (a plain object without
// enumerable symbol keys) without copying the schema's root as z.record does: the draft
// normalisation copies the whole schema right after, so zod's copy was wasted work.
export const isSchemaObject = (value: unknown): value is Record<string, unknown> =>
  isPlainObject(value) &&
  !Object.getOwnPropertySymbols(value).some((key) => Object.prototype.propertyIsEnumerable.call(value, key));

const schemaValue = (what: string) =>
  z.union([z.custom<Record<string, unknown>>(isSchemaObject), z.boolean()], {
    error: `${what} must be a JSON Schema (an object or a boolean)`,
  });

const nonNegative = (what: string) =>
  z.number({ error: `${what} must be a number` }).nonnegative(`${what} must be ≥ 0`);

export function createToolShape(maxDescriptionLength: number) {
  return z.strictObject(
    {
      name: checked(explainInvalidName, 'name'),
      namespace: checked(explainInvalidNamespace, 'namespace').optional(),
      version: checked(explainInvalidVersion, 'version').optional(),
      title: shortText('title').optional(),
      description: text('description', maxDescriptionLength).optional(),
      longDescription: text('longDescription', maxDescriptionLength).optional(),
      examples: stringList('examples', text('example', EXAMPLE_MAX)).optional(),
      tags: stringList('tags', shortText('tag')).optional(),
      category: shortText('category').optional(),
      usageHints: text('usageHints', maxDescriptionLength).optional(),
      inputSchema: schemaValue('inputSchema').optional(),
      outputSchema: schemaValue('outputSchema').optional(),
      source: identifier('source').optional(),
      sourceUri: text('sourceUri', SOURCE_URI_MAX).optional(),
      sourceMeta: jsonRecord('sourceMeta').optional(),
      capabilities: stringList('capabilities', identifier('capability')).optional(),
      annotations: z
        .strictObject(
          {
            title: shortText('annotations.title').nullable().optional(),
            readOnlyHint: z.boolean().nullable().optional(),
            destructiveHint: z.boolean().nullable().optional(),
            idempotentHint: z.boolean().nullable().optional(),
            openWorldHint: z.boolean().nullable().optional(),
          },
          {
            error: (iss) =>
              iss.code === 'unrecognized_keys'
                ? `unknown annotation ${iss.keys.map((k) => `"${k}"`).join(', ')}; MCP annotations are title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint (keep others in sourceMeta)`
                : 'annotations must be an object',
          },
        )
        .optional(),
      requiresConfirmation: z.boolean().optional(),
      requiredScopes: stringList('requiredScopes', shortText('scope')).optional(),
      exclusive: z.boolean().optional(),
      takesControl: z.boolean().optional(),
      cost: z
        .strictObject({
          latencyMs: nonNegative('cost.latencyMs').optional(),
          monetary: z
            .strictObject({
              amount: nonNegative('cost.monetary.amount'),
              currency: z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code such as "USD"'),
              per: shortText('cost.monetary.per').optional(),
            })
            .optional(),
          rateLimit: z
            .strictObject({
              requests: z.number().int().positive('rateLimit.requests must be a positive integer'),
              intervalMs: z.number().int().positive('rateLimit.intervalMs must be a positive integer'),
            })
            .optional(),
          contextTokens: z.number().int().nonnegative().optional(),
        })
        .optional(),
      dependencies: z
        .strictObject({
          requires: stringList('dependencies.requires', shortText('tool reference')).optional(),
          suggests: stringList('dependencies.suggests', shortText('tool reference')).optional(),
          conflicts: stringList('dependencies.conflicts', shortText('tool reference')).optional(),
        })
        .optional(),
      deprecated: z.boolean().optional(),
      deprecationMessage: text('deprecationMessage', DEPRECATION_MESSAGE_MAX).optional(),
      supersededBy: shortText('supersededBy').optional(),
      createdAt: isoDate('createdAt').optional(),
      updatedAt: isoDate('updatedAt').optional(),
      meta: jsonRecord('meta').optional(),
      // Computed fields: accepted so a serialised tool parses back, then recomputed and checked.
      id: z.string().optional(),
      contentHash: z.string().optional(),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `unknown field ${iss.keys.map((k) => `"${k}"`).join(', ')}; put extension data in "meta" or "sourceMeta"`
          : 'a tool definition must be an object',
    },
  );
}

export type ToolShape = z.infer<ReturnType<typeof createToolShape>>;
