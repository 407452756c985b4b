/**
 * The peer converters measured in the same run as tooladapter's Gemini lowering:
 * - the Vercel AI SDK's Google provider (@ai-sdk/google 3.0.141, the newest release that supports
 *   Node 20; 4.x needs Node 22). Its JSON Schema → OpenAPI converter is internal, so it is driven
 *   through the provider's request builder (`getArgs`) with all tools in one call: what an AI SDK
 *   user pays per tool, plus one small per-call overhead shared by the whole list;
 * - @mastra/schema-compat 0.11.9 (1.x needs Node 22.13) with its Google compatibility layer over
 *   the AI SDK's `jsonSchema` (ai 5.0.277).
 */
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { applyCompatLayer, GoogleSchemaCompatLayer } from '@mastra/schema-compat';
import { jsonSchema } from 'ai';

export const PEER_VERSIONS = '@ai-sdk/google 3.0.141, @mastra/schema-compat 0.11.9 (ai 5.0.277)';

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
