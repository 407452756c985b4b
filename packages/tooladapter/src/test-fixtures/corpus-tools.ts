import {
  isPlainObject,
  type JsonSchemaObject,
  jsonEqual,
  mapSchema,
  type Tool,
  updateTool,
  validateArguments,
} from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { type Conversion, type Dialect, fromCanonical, toCanonical } from '../index.js';
import { arbitraryFromSchema } from './arbitrary-from-schema.js';
import { loadMcpCorpus, type McpCorpusEntry, namespaceFromServerKey } from './corpus.js';

/** One export target as the proofs and benchmarks exercise it. */
export interface TargetConfig {
  dialect: Dialect;
  strict?: boolean;
  /** Column label, e.g. `openai-chat strict`. */
  label: string;
}

/** Every export target, with strict on and off where the dialect has a strict mode. */
export const TARGET_CONFIGS: readonly TargetConfig[] = [
  { dialect: 'mcp', label: 'mcp' },
  { dialect: 'openai-chat', strict: false, label: 'openai-chat' },
  { dialect: 'openai-chat', strict: true, label: 'openai-chat strict' },
  { dialect: 'openai-responses', strict: false, label: 'openai-responses' },
  { dialect: 'openai-responses', strict: true, label: 'openai-responses strict' },
  { dialect: 'anthropic', strict: false, label: 'anthropic' },
  { dialect: 'anthropic', strict: true, label: 'anthropic strict' },
  { dialect: 'gemini', label: 'gemini' },
  { dialect: 'gemini-json', label: 'gemini-json' },
  { dialect: 'langchain', label: 'langchain' },
  { dialect: 'a2a-skill', label: 'a2a-skill' },
  { dialect: 'openapi-operation', label: 'openapi-operation' },
];

/** Targets whose semantic round trip must be 100% (issue 3). */
export const EXACT_TARGETS: ReadonlySet<string> = new Set([
  'mcp',
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini-json',
]);

export function optionsOf(config: TargetConfig): { strict?: boolean } {
  return config.strict === undefined ? {} : { strict: config.strict };
}

export interface CorpusTool {
  entry: McpCorpusEntry;
  tool: Tool;
}

/** The 527 real MCP tools read through the mcp codec, namespaced by their server. */
export function loadCorpusTools(): CorpusTool[] {
  return loadMcpCorpus().map((entry) => {
    const { tools } = toCanonical(entry.tool, 'mcp');
    const tool = tools[0];
    if (!tools.length || !tool) throw new Error(`corpus tool ${entry.tool.name} did not import`);
    return { entry, tool: updateTool(tool, { namespace: namespaceFromServerKey(entry.server_key) }) };
  });
}

/** `count` argument objects valid for the tool's original schema (deterministic per seed). */
export function sampleValidArgs(tool: Tool, count: number, seed: number): unknown[] {
  const samples = fc.sample(arbitraryFromSchema(tool.inputSchema, { maxDepth: 3 }), { numRuns: count, seed });
  return samples.filter((args) => validateArguments(tool, args).valid);
}

export interface RoundTripOutcome {
  ok: boolean;
  /** First failing sample, for the report. */
  failure?: { args: unknown; decoded: unknown; reason: string };
}

/**
 * Semantic round trip of one conversion: each sample is encoded as a model produces it against
 * the lowered schema (`encodeArgs`, then through JSON text as on the wire), decoded back, and
 * must equal the original and validate against the original schema.
 */
export function semanticRoundTrip(
  tool: Tool,
  conversion: Conversion,
  samples: readonly unknown[],
): RoundTripOutcome {
  for (const args of samples) {
    let decoded: unknown;
    try {
      const wire = JSON.parse(JSON.stringify(conversion.encodeArgs(args))) as unknown;
      decoded = conversion.decode(wire);
    } catch (error) {
      return {
        ok: false,
        failure: { args, decoded: undefined, reason: `threw: ${(error as Error).message}` },
      };
    }
    if (!jsonEqual(decoded, args))
      return { ok: false, failure: { args, decoded, reason: 'decoded differs from original' } };
    if (!validateArguments(tool, decoded).valid)
      return { ok: false, failure: { args, decoded, reason: 'decoded fails the original schema' } };
  }
  return { ok: true };
}

/** Converts with the config's options. */
export function convert(tool: Tool, config: TargetConfig): Conversion {
  return fromCanonical(tool, config.dialect, optionsOf(config));
}

/** Gemini `parameters` (OpenAPI 3.0 subset) as JSON Schema: `nullable` → `anyOf` with null, `format: "enum"` dropped. */
function openApi30ToJsonSchema(schema: unknown): unknown {
  return mapSchema(schema, (node) => {
    const out: JsonSchemaObject = { ...node };
    if (out.format === 'enum') delete out.format;
    if (out.example !== undefined) delete out.example;
    if (out.propertyOrdering !== undefined) delete out.propertyOrdering;
    if (out.nullable !== true) return out;
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  });
}

/**
 * The JSON Schema a model sees in a converted tool value (what its arguments must satisfy), or
 * `undefined` when the dialect carries none.
 */
export function loweredArgumentSchema(dialect: Dialect, value: unknown): unknown {
  if (!isPlainObject(value)) return undefined;
  const fn = isPlainObject(value.function) ? value.function : {};
  const operation = isPlainObject(value.operation) ? value.operation : {};
  const body = isPlainObject(operation.requestBody) ? operation.requestBody : {};
  const content = isPlainObject(body.content) ? body.content : {};
  const json = isPlainObject(content['application/json']) ? content['application/json'] : {};
  switch (dialect) {
    case 'mcp':
      return value.inputSchema;
    case 'openai-chat':
      return fn.parameters;
    case 'openai-responses':
      return value.parameters;
    case 'anthropic':
      return value.input_schema;
    case 'gemini':
      // A declaration without parameters takes no arguments.
      return value.parameters === undefined
        ? { type: 'object', additionalProperties: false }
        : openApi30ToJsonSchema(value.parameters);
    case 'gemini-json':
      return value.parametersJsonSchema;
    case 'langchain':
      return value.schema;
    case 'a2a-skill':
      return { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };
    case 'openapi-operation':
      return json.schema;
    default:
      return undefined;
  }
}
