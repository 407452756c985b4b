import { z } from 'zod';
import type { AccessPolicySpec, MatchSpec, ObligationSpec, PolicyNodeSpec } from './policy-types.js';
import { hints, nonEmpty, patternList, stringList } from './schema-common.js';

export const matchSchema: z.ZodType<MatchSpec> = z.lazy(() =>
  z.strictObject({
    tenant: stringList.optional(),
    role: stringList.optional(),
    scope: stringList.optional(),
    principalCapability: stringList.optional(),
    exposure: stringList.optional(),
    namespace: patternList.optional(),
    tag: stringList.optional(),
    category: stringList.optional(),
    source: stringList.optional(),
    tool: patternList.optional(),
    capability: stringList.optional(),
    annotation: hints.optional(),
    action: stringList.optional(),
    missingScopes: z.boolean().optional(),
    missingCapabilities: z.boolean().optional(),
    allOf: z.array(matchSchema).max(1000).optional(),
    anyOf: z.array(matchSchema).max(1000).optional(),
    not: matchSchema.optional(),
  }),
);

export const obligationSchema: z.ZodType<ObligationSpec> = z.strictObject({
  confirm: z.union([z.boolean(), nonEmpty]).optional(),
  rateLimit: z
    .strictObject({
      requests: z.number().int().positive(),
      intervalMs: z.number().int().positive(),
      per: z.enum(['principal', 'tenant', 'global']).optional(),
    })
    .optional(),
  audit: z.union([z.boolean(), z.enum(['basic', 'full'])]).optional(),
});

const combineSchema = z.enum(['deny-overrides', 'all-of', 'any-of', 'first-applicable']);

/**
 * One node of a policy: a rule or a group. Accepts the canonical `{effect, match}` form and the
 * config-file shorthand `{allow: match}`, `{deny: match}`, `{obligate: match}`.
 */
export const nodeSchema: z.ZodType<PolicyNodeSpec> = z.lazy(() =>
  z
    .strictObject({
      id: nonEmpty.optional(),
      effect: z.enum(['allow', 'deny', 'obligate']).optional(),
      match: matchSchema.optional(),
      allow: matchSchema.optional(),
      deny: matchSchema.optional(),
      obligate: matchSchema.optional(),
      reason: z.string().max(2000).optional(),
      obligations: obligationSchema.optional(),
      combine: combineSchema.optional(),
      rules: z.array(nodeSchema).max(10_000).optional(),
    })
    .superRefine((node, ctx) => {
      const forms = (['effect', 'allow', 'deny', 'obligate', 'combine'] as const).filter(
        (k) => node[k] !== undefined,
      );
      if (forms.length !== 1) {
        ctx.addIssue({
          code: 'custom',
          message:
            forms.length === 0
              ? 'a policy entry needs one of "allow", "deny", "obligate", "effect" or "combine"'
              : `a policy entry has exactly one of "allow", "deny", "obligate", "effect", "combine" (found ${forms.join(', ')})`,
          params: { code: 'invalid_rule' },
        });
        return;
      }
      if (node.combine !== undefined && node.rules === undefined)
        ctx.addIssue({
          code: 'custom',
          message: 'a group needs "rules"',
          path: ['rules'],
          params: { code: 'invalid_rule' },
        });
      if (node.combine === undefined && node.rules !== undefined)
        ctx.addIssue({
          code: 'custom',
          message: '"rules" belongs to a group with "combine"',
          path: ['rules'],
          params: { code: 'invalid_rule' },
        });
      if (node.match !== undefined && node.effect === undefined)
        ctx.addIssue({
          code: 'custom',
          message: '"match" goes with "effect"; with allow/deny/obligate put the match there',
          path: ['match'],
          params: { code: 'invalid_rule' },
        });
      if (node.combine !== undefined && (node.reason !== undefined || node.obligations !== undefined))
        ctx.addIssue({
          code: 'custom',
          message: 'a group takes no "reason" or "obligations"; put them on its rules',
          params: { code: 'invalid_rule' },
        });
    })
    .transform((node): PolicyNodeSpec => {
      if (node.combine !== undefined) {
        return {
          ...(node.id !== undefined && { id: node.id }),
          combine: node.combine,
          rules: node.rules ?? [],
        };
      }
      const effect = node.effect ?? (node.allow ? 'allow' : node.deny ? 'deny' : 'obligate');
      const match = node.match ?? node.allow ?? node.deny ?? node.obligate ?? {};
      return {
        ...(node.id !== undefined && { id: node.id }),
        effect,
        match,
        ...(node.reason !== undefined && { reason: node.reason }),
        ...(node.obligations !== undefined && { obligations: node.obligations }),
      };
    }),
);

export const accessPolicySchema: z.ZodType<AccessPolicySpec> = z.strictObject({
  id: nonEmpty,
  description: z.string().max(10_000).optional(),
  zeroTrust: z.boolean().optional(),
  combine: combineSchema.optional(),
  rules: z.array(nodeSchema).max(10_000),
  toolObligations: z.boolean().optional(),
});
