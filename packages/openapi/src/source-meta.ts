import type { JsonSchema } from '@toolarsenal/toolmodel';

// The OpenAPI layout of a tool (input groups, `sourceMeta.openapi`) has one home, tooladapter's
// layout module, shared with its `openapi-operation` codec.
export {
  HTTP_METHODS,
  type OpenApiSourceMeta,
  PARAMETER_LOCATIONS,
  type ParameterLocation,
  type ParameterMeta,
  type SecuritySchemeMeta,
  styleOfCollectionFormat,
} from '@toolarsenal/tooladapter';

/** One group (`path`, `query`, …) of the input schema. */
export interface ParameterGroup {
  properties: Record<string, JsonSchema>;
  required: string[];
}
