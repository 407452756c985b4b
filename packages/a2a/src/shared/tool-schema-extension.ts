import { isPlainObject, type JsonObject, type JsonValue } from '@toolarsenal/toolmodel';

/**
 * The A2A extension our server declares in `capabilities.extensions` to carry what an AgentSkill
 * cannot: each skill's JSON Schemas and behaviour hints. Not `required`, so other clients ignore it;
 * our client uses it to rebuild each tool exactly.
 */
export const TOOL_SCHEMA_EXTENSION_URI =
  'https://github.com/toolarsenal/toolarsenal/tree/main/packages/a2a#tool-schema-extension';

/** What the extension carries per skill id. */
export interface SkillSchema {
  inputSchema: JsonObject;
  outputSchema?: JsonValue;
  annotations?: JsonObject;
  /** Content hash of the serving tool: a call made against another version is refused, not run. */
  hash: string;
}

/** Reads the extension's per-skill schemas from a raw card; malformed entries are skipped. */
export function readSkillSchemas(card: Record<string, unknown>): Map<string, SkillSchema> {
  const out = new Map<string, SkillSchema>();
  const caps = card.capabilities;
  if (!isPlainObject(caps) || !Array.isArray(caps.extensions)) return out;
  const ext = caps.extensions.find((e) => isPlainObject(e) && e.uri === TOOL_SCHEMA_EXTENSION_URI);
  if (!isPlainObject(ext) || !isPlainObject(ext.params) || !isPlainObject(ext.params.skills)) return out;
  for (const [id, entry] of Object.entries(ext.params.skills)) {
    if (!isPlainObject(entry) || !isPlainObject(entry.inputSchema) || typeof entry.hash !== 'string')
      continue;
    const schema: SkillSchema = { inputSchema: entry.inputSchema as JsonObject, hash: entry.hash };
    if (entry.outputSchema !== undefined) schema.outputSchema = entry.outputSchema as JsonValue;
    if (isPlainObject(entry.annotations)) schema.annotations = entry.annotations as JsonObject;
    out.set(id, schema);
  }
  return out;
}
