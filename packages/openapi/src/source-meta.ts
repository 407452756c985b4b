import type { JsonSchema } from '@toolarsenal/toolmodel';
import type {
  OpenApiSourceMeta,
  ParameterLocation,
  ParameterMeta,
  SecuritySchemeMeta,
} from '@toolarsenal/tooladapter';

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

/** What the HTTP executor needs beyond style/explode to put a parameter on the wire. */
export interface HttpParameterMeta extends ParameterMeta {
  /** OpenAPI `allowReserved`: reserved characters (RFC 3986 `:/?#[]@!$&'()*+,;=`) are sent as they are. */
  allowReserved?: boolean;
  /** The parameter was declared with `content`: its value is serialised as this media type (e.g. JSON). */
  contentType?: string;
}

/** OpenAPI Encoding Object of one form / multipart property. */
export interface EncodingMeta {
  contentType?: string;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
}

/** The request body as the executor sends it. */
export interface BodyMeta {
  contentType: string;
  required: boolean;
  /** The argument is base64 of raw bytes (`format: binary`, Swagger `type: file`): sent decoded. */
  binary?: boolean;
  /** Form / multipart properties whose argument is base64 of a file (sent decoded, as a file part). */
  binaryProperties?: string[];
  /** Per-property Encoding Objects of a form or multipart body. */
  encoding?: Record<string, EncodingMeta>;
  /** Other media types the operation accepts (the input schema follows `contentType`). */
  alternatives?: string[];
}

/** A server URL template with its variables (kept when the URL has `{variables}`). */
export interface ServerTemplateMeta {
  url: string;
  variables?: Record<string, { default?: string; enum?: string[] }>;
}

/** Security scheme facts, plus the URLs a client-credentials or OpenID Connect flow needs. */
export interface HttpSecuritySchemeMeta extends SecuritySchemeMeta {
  /** OAuth2 client-credentials token URL (Swagger 2.0 `flow: application`). */
  tokenUrl?: string;
  /** OpenID Connect discovery URL. */
  openIdConnectUrl?: string;
}

/** `sourceMeta.openapi` as the importer writes it: the shared layout plus what the executor needs. */
export interface HttpSourceMeta extends Omit<OpenApiSourceMeta, 'parameters' | 'body' | 'securitySchemes'> {
  parameters: Partial<Record<ParameterLocation, Record<string, HttpParameterMeta>>>;
  body?: BodyMeta;
  /** Servers whose URLs hold `{variables}`, with their declarations (`servers` has the defaults filled in). */
  serverTemplates?: ServerTemplateMeta[];
  securitySchemes?: Record<string, HttpSecuritySchemeMeta>;
}
