import { A2A_MESSAGE_SCHEMA, ConversionError, type Loss, toCanonical } from '@toolarsenal/tooladapter';
import {
  cloneJson,
  DEFAULT_TOOL_VERSION,
  defineTool,
  explainInvalidVersion,
  isPlainObject,
  type JsonObject,
  type JsonValue,
  jsonEqual,
  suggestName,
  type Tool,
  type ToolInput,
  ToolValidationError,
} from '@toolarsenal/toolmodel';
import { A2ACardError } from '../errors.js';
import type { ParsedCard } from './card.js';

/** `sourceMeta.a2aAgent`: where the executor sends calls of this tool. */
export interface AgentToolMeta {
  /** Key of the connected agent (its card URL, or `card:<name>` for a card given inline). */
  agent: string;
  /** The skill id as the card spells it; absent for the whole-agent tool of a card without skills. */
  skill?: string;
  /** Content hash of the serving tool (ToolArsenal servers): a changed skill is refused, not run. */
  hash?: string;
  /** Arguments travel as one data part (the skill declared its schema) instead of a text message. */
  structured?: boolean;
}

const JSON_MODE = /^application\/(?:[\w.+-]+\+)?json(?:\s*;.*)?$/i;

/** The input of a skill without a declared schema: the message, plus a data part when it takes JSON. */
function messageSchema(acceptsData: boolean): JsonObject {
  const schema = cloneJson(A2A_MESSAGE_SCHEMA) as unknown as JsonObject;
  if (acceptsData)
    (schema.properties as JsonObject).data = {
      type: 'object',
      description: 'Structured input, sent to the agent as a data part (the skill accepts JSON).',
    };
  return schema;
}

/** A namespace from an agent name: dot-separated segments of letters, digits, `_` and `-`. */
export function namespaceFor(name: string): string {
  const segments = name
    .split('.')
    .map((s) =>
      suggestName(s)
        .replace(/\./g, '_')
        .replace(/^[_-]+/, ''),
    )
    .filter((s) => s !== '' && s !== 'tool');
  return (segments.join('.') || 'agent').slice(0, 128).replace(/\.+$/, '');
}

export interface SkillToolsResult {
  tools: Tool[];
  /** What the conversion could not carry, per skill (pointers start at `/skills/<i>`). */
  losses: Loss[];
}

/**
 * One canonical tool per skill (namespace = the agent, name = the skill id): description, tags,
 * examples and input/output modes kept; input is the skill's declared schema when the card carries
 * one (ToolArsenal's extension), otherwise a message text plus a data part when the skill takes
 * JSON. A card without skills becomes one tool for the whole agent.
 */
export function toolsFromCard(
  card: ParsedCard,
  options: { agent: string; namespace?: string; sourceUri?: string },
): SkillToolsResult {
  const namespace = options.namespace ?? namespaceFor(card.name);
  const version = explainInvalidVersion(card.version) === undefined ? card.version : DEFAULT_TOOL_VERSION;
  const tools: Tool[] = [];
  const losses: Loss[] = [];
  const taken = new Set<string>();
  const unique = (name: string): string => {
    let out = name;
    for (let n = 2; taken.has(out); n++) out = `${name.slice(0, 120)}_${n}`;
    taken.add(out);
    return out;
  };
  const base = { namespace, version, ...(options.sourceUri ? { sourceUri: options.sourceUri } : {}) };

  if (card.skills.length === 0) {
    const meta: AgentToolMeta = { agent: options.agent };
    tools.push(
      build(
        {
          ...base,
          name: unique(suggestName(card.name)),
          description: card.description,
          inputSchema: messageSchema(acceptsJson(card.defaultInputModes)),
          source: 'a2a',
          sourceMeta: { a2aAgent: meta as unknown as JsonValue },
        },
        '',
      ),
    );
    return { tools, losses };
  }

  card.skills.forEach((skill, i) => {
    const pointer = `/skills/${i}`;
    const withDefaults = isPlainObject(skill)
      ? {
          ...(card.defaultInputModes ? { inputModes: card.defaultInputModes } : {}),
          ...(card.defaultOutputModes ? { outputModes: card.defaultOutputModes } : {}),
          ...withoutEmptyModes(skill),
        }
      : skill;
    let decoded: { tool: Tool; losses: Loss[] };
    try {
      const result = toCanonical(withDefaults, 'a2a-skill');
      decoded = { tool: result.tools[0]!, losses: result.losses };
    } catch (error) {
      if (ConversionError.isInstance(error) || ToolValidationError.isInstance(error))
        throw new A2ACardError('A2A_CARD_INVALID', `invalid agent card at ${pointer}: ${error.message}`, {
          pointer,
          cause: error,
        });
      throw error;
    }
    const skillId = (skill as { id: string }).id;
    const declared = card.skillSchemas.get(skillId);
    const input = cloneJson(decoded.tool) as unknown as ToolInput & Record<string, unknown>;
    delete input.id;
    delete input.contentHash;
    const meta: AgentToolMeta = { agent: options.agent, skill: skillId };
    if (declared) {
      input.inputSchema = declared.inputSchema as ToolInput['inputSchema'];
      if (declared.outputSchema !== undefined)
        input.outputSchema = declared.outputSchema as ToolInput['outputSchema'];
      if (declared.annotations) input.annotations = declared.annotations as ToolInput['annotations'];
      meta.hash = declared.hash;
      // A declared plain-message input still travels as text, which every agent understands.
      if (!jsonEqual(declared.inputSchema, A2A_MESSAGE_SCHEMA)) meta.structured = true;
    } else {
      const modes = stringList((withDefaults as Record<string, unknown>).inputModes);
      input.inputSchema = messageSchema(acceptsJson(modes)) as ToolInput['inputSchema'];
    }
    input.name = unique(input.name);
    input.sourceMeta = { ...input.sourceMeta, a2aAgent: meta as unknown as JsonValue };
    tools.push(build({ ...input, ...base }, pointer));
    for (const loss of decoded.losses) losses.push({ ...loss, pointer: pointer + loss.pointer });
  });
  return { tools, losses };
}

function build(input: ToolInput, pointer: string): Tool {
  try {
    return defineTool(input);
  } catch (error) {
    if (ToolValidationError.isInstance(error))
      throw new A2ACardError(
        'A2A_CARD_INVALID',
        `invalid agent card at ${pointer || '/'}: the skill does not make a valid tool: ${error.message}`,
        { pointer, cause: error },
      );
    throw error;
  }
}

/** Protobuf JSON writes unset repeated fields as `[]`: an empty mode list means "the card's defaults". */
function withoutEmptyModes(skill: Record<string, unknown>): Record<string, unknown> {
  const out = { ...skill };
  for (const key of ['inputModes', 'outputModes'])
    if (Array.isArray(out[key]) && (out[key] as unknown[]).length === 0) delete out[key];
  return out;
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
}

function acceptsJson(modes: readonly string[] | undefined): boolean {
  return modes !== undefined && modes.some((m) => JSON_MODE.test(m));
}
