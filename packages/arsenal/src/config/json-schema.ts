import { accessPolicySchema, toolsetConfigSchema } from '@toolarsenal/toolset';
import { z } from 'zod';
import { ARSENAL_SECTIONS } from './schema.js';

/**
 * The JSON Schema (draft 2020-12) of `toolarsenal.yaml`, for editors: the toolset format's
 * sections plus the facade's. Shipped as `@toolarsenal/arsenal/schema.json`. Cross-field rules
 * (one source kind, references between sections) are checked by `loadConfig`, not the schema.
 */
export function configJsonSchema(): Record<string, unknown> {
  const schema = toolsetConfigSchema.extend({
    policies: z.array(accessPolicySchema).max(10_000).optional(),
    ...Object.fromEntries(Object.entries(ARSENAL_SECTIONS).map(([k, v]) => [k, v.optional()])),
  });
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return {
    $schema: json.$schema,
    $id: 'https://github.com/toolarsenal/toolarsenal/blob/main/packages/arsenal/schema/toolarsenal.schema.json',
    title: 'toolarsenal.yaml',
    description:
      'ToolArsenal config: tool sources, toolsets, policies, serving, index, runner and telemetry. `${NAME}` and `${NAME:-default}` are replaced in values.',
    ...Object.fromEntries(Object.entries(json).filter(([k]) => k !== '$schema')),
  };
}
