import {
  isPlainObject,
  type JsonSchema,
  type JsonSchemaObject,
  type JsonValue,
  type ToolInput,
} from '@toolarsenal/toolmodel';
import { inferBehaviour } from './behaviour.js';
import { describeOperation } from './describe.js';
import type { OpenApiLimits } from './limits.js';
import type { LoadedDocument } from './load-document.js';
import type { PendingOperation } from './operations.js';
import type { ImportOpenApiOptions } from './options.js';
import { collectParameters } from './parameters.js';
import { type BuiltBody, buildRequestBody, buildSwagger2Body } from './request-body.js';
import { pickOutputSchema } from './responses.js';
import { type RefMode, type SchemaConverter, type SchemaRoot } from './schema-convert.js';
import { measureJson } from './schema-measure.js';
import type { SchemaStats } from './schema-stats.js';
import { operationSecurity } from './security.js';
import { noteServers, serverTemplates, serverUrls } from './servers.js';
import { type HttpSourceMeta, PARAMETER_LOCATIONS } from './source-meta.js';
import { repairForValidators } from './validator-repair.js';

export interface BuildContext {
  converter: SchemaConverter;
  stats: SchemaStats;
  limits: OpenApiLimits;
  options: ImportOpenApiOptions;
  /** `sourceUri` before the `#` (a relative path or the URL as given); undefined for in-memory documents. */
  uriBase: string | undefined;
  warn: (pointer: string, code: string, message: string) => void;
  /** Warns once per code and message (document-level facts met by many operations). */
  warnOnce: (pointer: string, code: string, message: string) => void;
}

/** The tool input for one operation: schemas, source metadata, behaviour, description. */
export function buildTool(
  doc: LoadedDocument,
  op: PendingOperation,
  operation: Record<string, unknown>,
  tags: string[],
  ctx: BuildContext,
): ToolInput {
  const { api, kind } = doc;
  const { converter, stats, limits, options, uriBase, warn } = ctx;
  let built = buildSchemas(doc, op, operation, converter, 'inline');
  const tooBig = (s: JsonSchema | undefined) => {
    if (s === undefined) return false;
    const m = measureJson(s, limits.maxSchemaNodes);
    return m.nodes > limits.maxSchemaNodes || m.depth > 90;
  };
  // Measured once per built schema: measuring walks the whole schema (a tenth of an operation's time).
  let outputTooBig = tooBig(built.outputSchema);
  if (outputTooBig || tooBig(built.inputSchema)) {
    built = buildSchemas(doc, op, operation, converter, 'defs');
    outputTooBig = tooBig(built.outputSchema);
  }
  if (built.emptyBody) stats.note('emptyBodies', operation);
  if (outputTooBig) {
    // Stripe's expandable objects pull the whole API into one response: expand only the top level.
    const shallowRoot = converter.root('output', 'shallow');
    const shallow = buildOutputSchema(doc, operation, shallowRoot);
    built.suspect ||= shallowRoot.suspect;
    if (shallow !== undefined && !tooBig(shallow)) {
      built.outputSchema = shallow;
      warn(
        op.pointer,
        'output_schema_shallow',
        `response schema has more than ${limits.maxSchemaNodes} nodes even with shared parts in $defs; nested named schemas are described, not expanded (limits.maxSchemaNodes)`,
      );
    } else {
      delete built.outputSchema;
      warn(
        op.pointer,
        'output_schema_omitted',
        `response schema has more than ${limits.maxSchemaNodes} nodes even at one level; outputSchema left out (limits.maxSchemaNodes)`,
      );
    }
  }
  for (const note of built.notes) warn(op.pointer, 'parameter_ignored', note);
  if (built.suspect) repairSchemas(built, op, warn);

  const meta: HttpSourceMeta = { method: op.method, path: op.path, parameters: built.parameterMeta };
  const servers = options.baseUrl ? [options.baseUrl] : serverUrls(operation, op.pathItem, api, kind);
  if (servers.length > 0) meta.servers = servers;
  if (!options.baseUrl) {
    const templates = serverTemplates(operation, op.pathItem, api, kind);
    if (templates.length > 0) meta.serverTemplates = templates;
  }
  noteServers(meta, op, ctx);
  if (op.mapping.operationId !== undefined) meta.operationId = op.mapping.operationId;
  if (built.body) {
    meta.body = { contentType: built.body.contentType, required: built.body.required, ...built.body.wire };
    if (built.body.wire.alternatives)
      ctx.warnOnce(
        op.pointer,
        'body_alternatives_kept',
        `the input follows ${built.body.contentType}; the other media types (${built.body.wire.alternatives.join(', ')}) are kept in sourceMeta.openapi.body.alternatives but cannot be chosen by a call`,
      );
  }
  const security = operationSecurity(operation, api, kind, (value) => doc.refs.deref(value));
  if (security.security) meta.security = security.security;
  if (security.securitySchemes) meta.securitySchemes = security.securitySchemes;

  const behaviour = inferBehaviour(op.method);
  const text = describeOperation(
    operation.summary,
    operation.description,
    `${op.method.toUpperCase()} ${op.path}`,
  );
  const input: ToolInput = {
    name: op.mapping.name,
    description: text.description,
    tags,
    inputSchema: built.inputSchema,
    source: 'openapi',
    sourceMeta: { openapi: meta as unknown as JsonValue },
    capabilities: behaviour.capabilities,
    annotations: behaviour.annotations,
    requiresConfirmation: behaviour.requiresConfirmation,
    requiredScopes: security.requiredScopes,
  };
  if (text.title) input.title = text.title;
  if (options.namespace) input.namespace = options.namespace;
  if (built.outputSchema !== undefined) input.outputSchema = built.outputSchema;
  input.sourceUri = `${uriBase ?? ''}#${op.pointer}`;
  if (operation.deprecated === true) input.deprecated = true;
  return input;
}

interface BuiltSchemas {
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchema;
  parameterMeta: HttpSourceMeta['parameters'];
  body?: BuiltBody;
  notes: string[];
  /** The request body only admitted `{}` and was left out. */
  emptyBody: boolean;
  /** Some part may not compile with a validator as converted: run `repairForValidators`. */
  suspect: boolean;
}

/** Repairs what validators refuse to compile, with one warning per change naming where it is in the tool. */
function repairSchemas(
  built: BuiltSchemas,
  op: PendingOperation,
  warn: (pointer: string, code: string, message: string) => void,
): void {
  const input = repairForValidators(built.inputSchema, '/inputSchema');
  built.inputSchema = input.schema as JsonSchemaObject;
  const repairs = [...input.repairs];
  if (built.outputSchema !== undefined) {
    const output = repairForValidators(built.outputSchema, '/outputSchema');
    built.outputSchema = output.schema;
    repairs.push(...output.repairs);
  }
  for (const r of repairs)
    warn(op.pointer, 'schema_repaired', `tool ${op.mapping.name}${r.pointer}: ${r.message}`);
}

function buildSchemas(
  doc: LoadedDocument,
  op: PendingOperation,
  operation: Record<string, unknown>,
  converter: SchemaConverter,
  mode: RefMode,
): BuiltSchemas {
  const { api, kind } = doc;
  const inputRoot = converter.root('input', mode);
  const params = collectParameters(op.pathItem.parameters, operation.parameters, kind, inputRoot, op.path);
  let body: BuiltBody | undefined;
  if (kind === 'swagger-2.0') {
    const consumes = stringList(operation.consumes) ?? stringList(api.consumes) ?? [];
    body = buildSwagger2Body(params.bodyParameter, params.formData, consumes, inputRoot);
  } else {
    body = buildRequestBody(operation.requestBody, inputRoot);
  }
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const location of PARAMETER_LOCATIONS) {
    const group = params.groups[location];
    if (!group) continue;
    const schema: JsonSchemaObject = { type: 'object', properties: group.properties };
    if (group.required.length > 0) {
      schema.required = group.required;
      required.push(location);
    }
    properties[location] = schema;
  }
  const emptyBody = body !== undefined && !body.required && admitsOnlyEmptyObject(body.schema);
  if (emptyBody) body = undefined;
  if (body) {
    properties.body = body.schema;
    if (body.required) required.push('body');
  }
  const inputSchema: JsonSchemaObject = { type: 'object', properties };
  if (required.length > 0) inputSchema.required = required;
  inputSchema.additionalProperties = false;
  attachDefs(inputSchema, inputRoot);

  const outputRoot = converter.root('output', mode);
  const outputSchema = buildOutputSchema(doc, operation, outputRoot);
  const built: BuiltSchemas = {
    inputSchema,
    parameterMeta: params.meta,
    notes: params.notes,
    emptyBody,
    suspect: inputRoot.suspect || outputRoot.suspect,
  };
  if (outputSchema !== undefined) built.outputSchema = outputSchema;
  if (body) built.body = body;
  return built;
}

function buildOutputSchema(
  doc: LoadedDocument,
  operation: Record<string, unknown>,
  outputRoot: SchemaRoot,
): JsonSchema | undefined {
  const produces = stringList(operation.produces) ?? stringList(doc.api.produces);
  const output = pickOutputSchema(operation.responses, produces, doc.kind, outputRoot);
  if (!output) return undefined;
  const defs = outputRoot.collectDefs();
  if (!defs) return output.schema;
  if (typeof output.schema === 'boolean') return { $defs: defs };
  return { ...rootBody(output.schema, defs), $defs: { ...defs } };
}

/**
 * A response that is itself a recursive schema would be `{$ref: '#/$defs/Pet', $defs}`: a root that
 * is only a reference, which providers refuse next to `$defs` (Gemini: "only description and default
 * can be set alongside $ref") and strict modes refuse at the root. The body goes to the root instead;
 * the recursion still goes through `$defs`.
 */
function rootBody(schema: JsonSchemaObject, defs: Record<string, JsonSchema>): JsonSchemaObject {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || Object.keys(schema).length !== 1 || !ref.startsWith('#/$defs/'))
    return schema;
  const body = defs[ref.slice('#/$defs/'.length)];
  return isPlainObject(body) ? { ...body } : schema;
}

/** `{type: object, properties: {}, additionalProperties: false}`: the only value is `{}`. */
function admitsOnlyEmptyObject(schema: JsonSchema): boolean {
  if (!isPlainObject(schema) || schema.additionalProperties !== false) return false;
  const props = schema.properties;
  if (props !== undefined && (!isPlainObject(props) || Object.keys(props).length > 0)) return false;
  return Object.keys(schema).every((k) =>
    ['type', 'properties', 'additionalProperties', 'description', 'title'].includes(k),
  );
}

function attachDefs(schema: JsonSchemaObject, root: SchemaRoot): void {
  const defs = root.collectDefs();
  if (defs) schema.$defs = defs;
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}
