/**
 * The peer converters measured in the same run as tooladapter's Gemini lowering:
 * - the Vercel AI SDK's Google provider (@ai-sdk/google 3.0.141, the newest release that supports
 *   Node 20; 4.x needs Node 22). Its JSON Schema → OpenAPI converter is internal, so it is driven
 *   through the provider's request builder (`getArgs`) with all tools in one call: what an AI SDK
 *   user pays per tool, plus one small per-call overhead shared by the whole list;
 * - @mastra/schema-compat 0.11.9 (1.x needs Node 22.13) with its Google compatibility layer over
 *   the AI SDK's `jsonSchema` (ai 5.0.277);
 * - a validating peer for raw JSON: Ajv 8's JSON Schema 2020-12 meta-schema check (with
 *   ajv-formats, so `pattern` must be a regular expression), compiled once, on each input schema
 *   before the AI SDK converts the list. It is the usual way to check a schema before trusting it,
 *   and the closest like-for-like baseline for `convert`, which validates what it reads.
 */
import { createRequire } from 'node:module';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { applyCompatLayer, GoogleSchemaCompatLayer } from '@mastra/schema-compat';
import { jsonSchema } from 'ai';

export const PEER_VERSIONS =
  '@ai-sdk/google 3.0.141, @mastra/schema-compat 0.11.9 (ai 5.0.277), ajv 8.20.0 + ajv-formats 3.0.1';

const PROMPT = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }];

interface ModelWithArgs {
  getArgs(options: { prompt: typeof PROMPT; tools: unknown[] }): Promise<{ args: { tools?: unknown } }>;
}

const model = createGoogleGenerativeAI({ apiKey: 'unused' })('gemini-2.5-flash') as unknown as ModelWithArgs;

export interface PeerTool {
  name: string;
  description: string;
  inputSchema: unknown;
}

/** The AI SDK's Gemini `functionDeclarations` for a list of tools (throws when it cannot convert one). */
export async function aiSdkDeclarations(tools: readonly PeerTool[]): Promise<unknown[]> {
  const { args } = await model.getArgs({
    prompt: PROMPT,
    tools: tools.map((t) => ({
      type: 'function',
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema,
    })),
  });
  const groups = (args.tools ?? []) as Array<{ functionDeclarations?: unknown[] }>;
  return groups.flatMap((g) => g.functionDeclarations ?? []);
}

const googleLayer = new GoogleSchemaCompatLayer({
  modelId: 'gemini-2.5-flash',
  provider: 'google',
  supportsStructuredOutputs: false,
});

/** Mastra's Google-compatible JSON Schema for one input schema. */
export function mastraGoogleSchema(schema: unknown): unknown {
  return applyCompatLayer({
    schema: jsonSchema(schema as Parameters<typeof jsonSchema>[0]),
    compatLayers: [googleLayer],
    mode: 'jsonSchema',
  });
}

type Validate = (data: unknown) => boolean;
const require = createRequire(import.meta.url);
let metaSchema: Validate | undefined;

/** Ajv's compiled JSON Schema 2020-12 meta-schema (built on the first call, then shared). */
function compiledMetaSchema(): Validate {
  if (metaSchema) return metaSchema;
  const { Ajv2020 } = require('ajv/dist/2020') as { Ajv2020: new (options: object) => AjvLike };
  const formats = require('ajv-formats') as { default: (ajv: AjvLike) => AjvLike };
  const ajv = formats.default(new Ajv2020({ strict: false }));
  const validate = ajv.getSchema('https://json-schema.org/draft/2020-12/schema');
  if (!validate) throw new Error('Ajv has no 2020-12 meta-schema');
  metaSchema = validate;
  return validate;
}

interface AjvLike {
  getSchema(id: string): Validate | undefined;
}

/** Whether Ajv's 2020-12 meta-schema accepts `schema` (a draft-07 tuple `items: [...]` is refused). */
export function metaSchemaAccepts(schema: unknown): boolean {
  return compiledMetaSchema()(schema);
}

/** The validating peer: every input schema through Ajv's meta-schema check, then the AI SDK. */
export async function validatedAiSdkDeclarations(tools: readonly PeerTool[]): Promise<unknown[]> {
  const accepts = compiledMetaSchema();
  for (let i = 0; i < tools.length; i++) accepts(tools[i]!.inputSchema);
  return aiSdkDeclarations(tools);
}
