import {
  escapePointerSegment,
  isPlainObject,
  type JsonSchema,
  type JsonSchemaObject,
  type JsonValue,
  safeParseTool,
  type Tool,
  type ToolInput,
} from '@toolarsenal/toolmodel';
import { inferBehaviour } from './behaviour.js';
import { describeOperation } from './describe.js';
import { OpenApiImportError, type OpenApiProblem } from './errors.js';
import { createOperationFilter } from './filters.js';
import { DEFAULT_OPENAPI_LIMITS, type OpenApiLimits } from './limits.js';
import { type LoadedDocument, loadDocument, type OpenApiSource, type SpecKind } from './load-document.js';
import { type NameMapping, ToolNamer } from './naming.js';
import type { ImportOpenApiOptions } from './options.js';
import { collectParameters } from './parameters.js';
import { type BuiltBody, buildRequestBody, buildSwagger2Body } from './request-body.js';
import { pickOutputSchema } from './responses.js';
import { type RefMode, SchemaConverter, type SchemaRoot } from './schema-convert.js';
import { measureJson } from './schema-measure.js';
import { emptyStats, type SchemaStats } from './schema-stats.js';
import { operationSecurity } from './security.js';
import { serverUrls } from './servers.js';
import { type OpenApiSourceMeta, PARAMETER_LOCATIONS } from './source-meta.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** An operation that did not become a tool, and why. */
export interface SkippedOperation {
  method: string;
  path: string;
  operationId?: string;
  /** JSON pointer of the operation in the root document. */
  pointer: string;
  /** `invalid` (could not become a valid tool) or `deprecated` (skipped by option). */
  code: 'invalid' | 'deprecated';
  reason: string;
}

export interface ImportedDocument {
  title: string;
  version: string;
  openapiVersion: string;
  kind: SpecKind;
  file: string;
  /** Operations found under `paths` (3.1 webhooks are not operations a client calls and are not imported). */
  operations: number;
  /** Operations left out by the include/exclude filters. */
  filtered: number;
  /** Milliseconds swagger-parser spent resolving and dereferencing. */
  dereferenceMs: number;
}

export interface ImportOpenApiResult {
  tools: Tool[];
  /** Every problem found (validation, ignored parameters, dropped keywords, renamed operations). */
  warnings: OpenApiProblem[];
  skipped: SkippedOperation[];
  /** Operations whose tool name differs from their operationId (or that had none), with the reasons. */
  renamed: NameMapping[];
  document: ImportedDocument;
}

interface PendingOperation {
  method: string;
  path: string;
  pointer: string;
  pathItem: Record<string, unknown>;
  operation: unknown;
  mapping: NameMapping;
}

/**
 * Imports every operation of an OpenAPI 3.0/3.1 or Swagger 2.0 document as a canonical tool.
 * `source` is a file path, a JSON/YAML string or a parsed object. Lenient by default: validation
 * problems become warnings and operations that cannot be used are skipped and reported; with
 * `strict: true` any problem throws `OpenApiImportError`.
 */
export async function importOpenApi(
  source: OpenApiSource,
  options: ImportOpenApiOptions = {},
): Promise<ImportOpenApiResult> {
  const limits: OpenApiLimits = { ...DEFAULT_OPENAPI_LIMITS, ...options.limits };
  const strict = options.strict === true;
  const skipInvalid = options.skipInvalid ?? !strict;
  const doc = await loadDocument(source, {
    baseDir: options.baseDir,
    externalRefs: options.externalRefs,
    refRoot: options.refRoot,
    limits,
  });
  const { api, file, kind } = doc;
  const warnings: OpenApiProblem[] = [...doc.problems];
  const warn = (pointer: string, code: string, message: string) =>
    warnings.push({ file, pointer, code, message });

  const maxNameLength = Math.min(128, Math.max(8, options.maxNameLength ?? 64));
  const pending = listOperations(doc, maxNameLength, warn);
  if (pending.length > limits.maxOperations) {
    throw new OpenApiImportError('OPENAPI_TOO_LARGE', {
      file,
      pointer: '/paths',
      reason: `document has ${pending.length} operations; the limit is ${limits.maxOperations} (limits.maxOperations)`,
    });
  }
  const duplicates = findDuplicateOperationIds(pending);
  for (const [id, pointers] of duplicates) {
    const problem = {
      file,
      pointer: pointers[1]!,
      code: 'duplicate_operation_id',
      message: `operationId "${id}" is used by ${pointers.length} operations (${pointers.join(', ')}); tool names made unique`,
    };
    if (!warnings.some((w) => w.code === 'duplicate_operation_id' && w.message.includes(`'${id}'`))) {
      warnings.push(problem);
    }
  }
  if (strict && warnings.length > 0) {
    const first = warnings[0]!;
    throw new OpenApiImportError(
      'OPENAPI_INVALID',
      { file: first.file, pointer: first.pointer, reason: `${first.message} (strict mode)` },
      warnings,
    );
  }

  const stats = emptyStats();
  const converter = new SchemaConverter(api, doc.refNames, stats);
  const filter = createOperationFilter(options);
  const tools: Tool[] = [];
  const skipped: SkippedOperation[] = [];
  const renamed: NameMapping[] = [];
  let filtered = 0;
  const uriBase = options.sourceUri ?? doc.path ?? undefined;

  for (const op of pending) {
    const base = { method: op.method, path: op.path, pointer: op.pointer };
    const skip = (code: SkippedOperation['code'], reason: string) => {
      const entry: SkippedOperation = { ...base, code, reason };
      if (op.mapping.operationId !== undefined) entry.operationId = op.mapping.operationId;
      if (code === 'invalid' && !skipInvalid) {
        throw new OpenApiImportError('OPENAPI_OPERATION', { file, pointer: op.pointer, reason }, [
          { file, pointer: op.pointer, code: 'invalid_operation', message: reason },
        ]);
      }
      skipped.push(entry);
    };
    if (!isPlainObject(op.operation) || typeof op.operation.$ref === 'string') {
      skip('invalid', 'operation is not an object (unresolved $ref?)');
      continue;
    }
    const operation = op.operation;
    const tags = Array.isArray(operation.tags)
      ? operation.tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '' && t.length <= 256)
      : [];
    const why = filter({
      method: op.method,
      path: op.path,
      operationId: op.mapping.operationId,
      derivedName: op.mapping.name,
      tags,
    });
    if (why !== undefined) {
      filtered++;
      continue;
    }
    if (operation.deprecated === true && options.deprecated === 'skip') {
      skip('deprecated', 'operation is deprecated');
      continue;
    }
    let input: ToolInput;
    try {
      input = buildTool(doc, op, operation, tags, { converter, stats, limits, options, uriBase, warn });
    } catch (error) {
      if (OpenApiImportError.isInstance(error)) throw error;
      skip('invalid', `could not be converted: ${(error as Error).message}`);
      continue;
    }
    const parsed = safeParseTool(input);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.pointer}: ${i.message}`);
      skip('invalid', `not a valid tool: ${issues.join('; ')}`);
      continue;
    }
    tools.push(parsed.tool);
    if (op.mapping.reasons.length > 0) renamed.push(op.mapping);
  }
  reportStats(stats, warn);
  for (const s of skipped) {
    if (s.code === 'invalid')
      warn(s.pointer, 'operation_skipped', `${s.method.toUpperCase()} ${s.path} skipped: ${s.reason}`);
  }
  const info = isPlainObject(api.info) ? api.info : {};
  return {
    tools,
    warnings,
    skipped,
    renamed,
    document: {
      title: typeof info.title === 'string' ? info.title : '',
      version: info.version === undefined ? '' : String(info.version),
      openapiVersion: doc.openapiVersion,
      kind,
      file,
      operations: pending.length,
      filtered,
      dereferenceMs: doc.dereferenceMs,
    },
  };
}

function listOperations(
  doc: LoadedDocument,
  maxNameLength: number,
  warn: (pointer: string, code: string, message: string) => void,
): PendingOperation[] {
  const paths = doc.api.paths;
  const out: PendingOperation[] = [];
  if (!isPlainObject(paths)) return out;
  const namer = new ToolNamer(maxNameLength);
  for (const path of Object.keys(paths)) {
    const pathItem = paths[path];
    const itemPointer = `/paths/${escapePointerSegment(path)}`;
    if (!isPlainObject(pathItem)) {
      warn(itemPointer, 'invalid_path_item', `path item "${path}" is not an object; ignored`);
      continue;
    }
    for (const method of HTTP_METHODS) {
      if (!(method in pathItem)) continue;
      const operation = pathItem[method];
      const operationId =
        isPlainObject(operation) && typeof operation.operationId === 'string'
          ? operation.operationId
          : undefined;
      out.push({
        method,
        path,
        pointer: `${itemPointer}/${method}`,
        pathItem,
        operation,
        mapping: namer.name(operationId, method, path),
      });
    }
  }
  return out;
}

function findDuplicateOperationIds(pending: readonly PendingOperation[]): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  for (const op of pending) {
    const id = op.mapping.operationId;
    if (id === undefined) continue;
    const list = seen.get(id) ?? [];
    list.push(op.pointer);
    seen.set(id, list);
  }
  for (const [id, list] of seen) if (list.length < 2) seen.delete(id);
  return seen;
}

interface BuildContext {
  converter: SchemaConverter;
  stats: SchemaStats;
  limits: OpenApiLimits;
  options: ImportOpenApiOptions;
  uriBase: string | undefined;
  warn: (pointer: string, code: string, message: string) => void;
}

function buildTool(
  doc: LoadedDocument,
  op: PendingOperation,
  operation: Record<string, unknown>,
  tags: string[],
  ctx: BuildContext,
): ToolInput {
  const { api, kind } = doc;
  const { converter, stats, limits, options, uriBase, warn } = ctx;
  let built = buildSchemas(doc, op, operation, converter, 'inline', stats);
  const tooBig = (s: JsonSchema | undefined) => {
    if (s === undefined) return false;
    const m = measureJson(s, limits.maxSchemaNodes);
    return m.nodes > limits.maxSchemaNodes || m.depth > 90;
  };
  if (tooBig(built.inputSchema) || tooBig(built.outputSchema)) {
    built = buildSchemas(doc, op, operation, converter, 'defs', stats);
  }
  if (tooBig(built.outputSchema)) {
    // Stripe's expandable objects pull the whole API into one response: expand only the top level.
    const shallow = buildOutputSchema(doc, operation, converter, 'shallow');
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

  const meta: OpenApiSourceMeta = { method: op.method, path: op.path, parameters: built.parameterMeta };
  const servers = options.baseUrl ? [options.baseUrl] : serverUrls(operation, op.pathItem, api, kind);
  if (servers.length > 0) meta.servers = servers;
  if (op.mapping.operationId !== undefined) meta.operationId = op.mapping.operationId;
  if (built.body) meta.body = { contentType: built.body.contentType, required: built.body.required };
  const security = operationSecurity(operation, api, kind);
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
  if (uriBase !== undefined || doc.path === undefined) input.sourceUri = `${uriBase ?? ''}#${op.pointer}`;
  if (operation.deprecated === true) input.deprecated = true;
  return input;
}

interface BuiltSchemas {
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchema;
  parameterMeta: OpenApiSourceMeta['parameters'];
  body?: BuiltBody;
  notes: string[];
}

function buildSchemas(
  doc: LoadedDocument,
  op: PendingOperation,
  operation: Record<string, unknown>,
  converter: SchemaConverter,
  mode: RefMode,
  stats: SchemaStats,
): BuiltSchemas {
  const { api, kind } = doc;
  const inputRoot = converter.root('input', mode);
  const params = collectParameters(op.pathItem.parameters, operation.parameters, kind, inputRoot);
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
  if (body && !body.required && admitsOnlyEmptyObject(body.schema)) {
    stats.emptyBodies++;
    body = undefined;
  }
  if (body) {
    properties.body = body.schema;
    if (body.required) required.push('body');
  }
  const inputSchema: JsonSchemaObject = { type: 'object', properties };
  if (required.length > 0) inputSchema.required = required;
  inputSchema.additionalProperties = false;
  attachDefs(inputSchema, inputRoot);

  const outputSchema = buildOutputSchema(doc, operation, converter, mode);
  const built: BuiltSchemas = { inputSchema, parameterMeta: params.meta, notes: params.notes };
  if (outputSchema !== undefined) built.outputSchema = outputSchema;
  if (body) built.body = body;
  return built;
}

function buildOutputSchema(
  doc: LoadedDocument,
  operation: Record<string, unknown>,
  converter: SchemaConverter,
  mode: RefMode,
): JsonSchema | undefined {
  const outputRoot = converter.root('output', mode);
  const produces = stringList(operation.produces) ?? stringList(doc.api.produces);
  const output = pickOutputSchema(operation.responses, produces, doc.kind, outputRoot);
  if (!output) return undefined;
  const defs = outputRoot.collectDefs();
  if (!defs) return output.schema;
  return typeof output.schema === 'boolean' ? { $defs: defs } : { ...output.schema, $defs: { ...defs } };
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

function reportStats(
  stats: SchemaStats,
  warn: (pointer: string, code: string, message: string) => void,
): void {
  const lines: Array<[keyof SchemaStats, string, string]> = [
    ['vendorExtensions', 'vendor_extensions_dropped', 'x-* vendor extensions dropped from schemas'],
    [
      'openapiKeywords',
      'openapi_keywords_dropped',
      'OpenAPI-only schema keywords dropped (xml, discriminator, externalDocs, $id, …)',
    ],
    ['unresolvedRefs', 'unresolved_ref', 'unresolvable $refs replaced by {} (accepts anything)'],
    ['invalidKeywords', 'invalid_keyword', 'invalid schema keyword values dropped'],
    [
      'tupleItems',
      'tuple_items',
      'array-valued "items" (invalid in OpenAPI 3.0) rewritten as items/prefixItems',
    ],
    [
      'inferredTypes',
      'type_inferred',
      'schemas with properties/items but no type given "type": "object"/"array"',
    ],
    ['emptyBodies', 'empty_body_dropped', 'request bodies that only admit {} left out of the tool input'],
  ];
  for (const [key, code, text] of lines) {
    if (stats[key] > 0) warn('', code, `${stats[key]} ${text}`);
  }
}
