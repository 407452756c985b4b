import { z } from 'zod';
import { explainInvalidToolsetId } from './builder.js';
import { hints, nonEmpty, patternList, stringList } from './schema-common.js';

const toolsetId = z.string().superRefine((id, ctx) => {
  const reason = explainInvalidToolsetId(id);
  if (reason) ctx.addIssue({ code: 'custom', message: reason, params: { code: 'invalid_id' } });
});

/** One toolset in a config file. Filters mirror the builder; `extends`/`union`/… refer to other entries by id. */
export const toolsetEntrySchema = z.strictObject({
  id: toolsetId,
  name: z.string().max(1000).optional(),
  description: z.string().max(10_000).optional(),
  tags: stringList.optional(),
  owner: z.string().max(1000).optional(),
  mode: z.enum(['snapshot', 'live']).optional(),
  zeroTrust: z.boolean().optional(),
  /** A policy id from `policies`, or an inline policy. Checked separately for precise pointers. */
  policy: z.unknown().optional(),
  namespace: patternList.optional(),
  tagsAny: stringList.optional(),
  tagsAll: stringList.optional(),
  tagsNone: stringList.optional(),
  category: stringList.optional(),
  source: stringList.optional(),
  capabilities: z.strictObject({ allow: stringList.optional(), deny: stringList.optional() }).optional(),
  annotations: hints.optional(),
  include: patternList.optional(),
  exclude: patternList.optional(),
  extends: nonEmpty.optional(),
  union: z.array(nonEmpty).min(1).max(1000).optional(),
  intersection: z.array(nonEmpty).min(1).max(1000).optional(),
  difference: z.array(nonEmpty).min(1).max(1000).optional(),
});

export type ToolsetEntry = z.infer<typeof toolsetEntrySchema>;

export const configSchema = z.strictObject({
  version: z.literal(1).optional(),
  /** Validated entry by entry (see config.ts) so every bad rule gets its own pointer. */
  policies: z.array(z.unknown()).max(10_000).optional(),
  toolsets: z.array(toolsetEntrySchema).max(10_000).optional(),
  exposure: z
    .strictObject({ public: nonEmpty.optional(), partner: nonEmpty.optional(), local: nonEmpty.optional() })
    .optional(),
});
