import type { JsonSchema } from '@toolarsenal/toolmodel';

/** Where an argument goes in the HTTP request. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';
export const PARAMETER_LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/** Serialisation of one parameter (OpenAPI 3 `style`/`explode`; Swagger 2 `collectionFormat` mapped). */
export interface ParameterMeta {
  style?: string;
  explode?: boolean;
  required?: boolean;
}

/** The security scheme facts an executor needs; never secret values. */
export interface SecuritySchemeMeta {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
  bearerFormat?: string;
}

/**
 * `tool.sourceMeta.openapi`: everything an HTTP executor needs to turn arguments into a request.
 * The layout is shared with tooladapter's `openapi-operation` codec.
 */
export interface OpenApiSourceMeta {
  method: string;
  path: string;
  servers?: string[];
  operationId?: string;
  parameters: Partial<Record<ParameterLocation, Record<string, ParameterMeta>>>;
  body?: { contentType: string; required: boolean };
  /** Alternatives (OR) of requirements (AND): scheme name → scopes. */
  security?: Array<Record<string, string[]>>;
  securitySchemes?: Record<string, SecuritySchemeMeta>;
}

/** One group (`path`, `query`, …) of the input schema. */
export interface ParameterGroup {
  properties: Record<string, JsonSchema>;
  required: string[];
}
