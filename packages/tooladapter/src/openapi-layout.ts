/**
 * The OpenAPI layout of a tool, shared by the `openapi-operation` codec and @toolarsenal/openapi
 * (one home: import these rather than restating them). A tool made from an operation takes an
 * input object with one property per parameter location (`path`, `query`, `header`, `cookie`,
 * each an object schema of its parameters) plus `body`, and `sourceMeta.openapi`
 * (`OpenApiSourceMeta`) records how to put each value back on the wire.
 */

/** Where an argument goes in the HTTP request: one input property each. */
export const PARAMETER_LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;
export type ParameterLocation = (typeof PARAMETER_LOCATIONS)[number];

/** The input property holding the request body. */
export const BODY_PROPERTY = 'body';

/** HTTP methods an OpenAPI path item may hold, in the order the specification lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export function isHttpMethod(value: unknown): value is HttpMethod {
  return typeof value === 'string' && (HTTP_METHODS as readonly string[]).includes(value);
}

export function isParameterLocation(value: unknown): value is ParameterLocation {
  return typeof value === 'string' && (PARAMETER_LOCATIONS as readonly string[]).includes(value);
}

/** OpenAPI 3 parameter serialisation styles. */
export const PARAMETER_STYLES = [
  'matrix',
  'label',
  'simple',
  'form',
  'spaceDelimited',
  'pipeDelimited',
  'deepObject',
] as const;
export type ParameterStyle = (typeof PARAMETER_STYLES)[number];

/** The style a parameter has when it names none (OpenAPI 3.1 §4.8.12.4). */
export const DEFAULT_PARAMETER_STYLES: Readonly<Record<ParameterLocation, ParameterStyle>> = {
  path: 'simple',
  query: 'form',
  header: 'simple',
  cookie: 'form',
};

/**
 * A Swagger 2.0 `collectionFormat` as OpenAPI 3 `style` + `explode` (arrays default to `csv`):
 * in a query or cookie, `multi` → form/explode, `ssv` → spaceDelimited, `pipes` → pipeDelimited,
 * else form; in a path or header, simple.
 */
export function styleOfCollectionFormat(
  format: string | undefined,
  location: ParameterLocation,
): { style: ParameterStyle; explode: boolean } {
  if (location === 'path' || location === 'header') return { style: 'simple', explode: false };
  switch (format) {
    case 'multi':
      return { style: 'form', explode: true };
    case 'ssv':
      return { style: 'spaceDelimited', explode: false };
    case 'pipes':
      return { style: 'pipeDelimited', explode: false };
    default:
      return { style: 'form', explode: false };
  }
}

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

/** `tool.sourceMeta.openapi`: everything an HTTP executor needs to turn arguments into a request. */
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

/** One tool as an OpenAPI operation: the `openapi-operation` dialect's single-tool value. */
export interface OpenApiOperationValue {
  path: string;
  method: HttpMethod;
  operation: Record<string, unknown>;
}

/** Marks operations exported from tools without OpenAPI origin: the whole JSON body is the input. */
export const BODY_INPUT_EXTENSION = 'x-toolarsenal-input';
/** MCP-style annotations ride along as an extension so the round trip keeps them. */
export const ANNOTATIONS_EXTENSION = 'x-toolarsenal-annotations';
/** Set when the grouped input root was closed (`additionalProperties: false`), which parameters cannot express. */
export const CLOSED_INPUT_EXTENSION = 'x-toolarsenal-closed-input';
/** Canonical fields without an OpenAPI keyword (namespace, version, examples, capabilities…). */
export const TOOL_EXTENSION = 'x-toolarsenal-tool';
