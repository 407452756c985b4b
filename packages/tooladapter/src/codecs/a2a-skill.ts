import {
  assertSafeJson,
  cloneJson,
  isPlainObject,
  type JsonValue,
  joinPointer,
  jsonEqual,
  parseJsonSafely,
  suggestName,
  TOOL_NAME_PATTERN,
  type Tool,
  type ToolInput,
} from '@toolarsenal/toolmodel';
import { ConversionError } from '../errors.js';
import type {
  CheckOptions,
  ConvertOptions,
  DialectCodec,
  DialectLimits,
  EncodedTool,
  Loss,
  ToCanonicalOptions,
  Violation,
} from '../types.js';

import { applyNameMap, fieldLosses, renameLoss } from './shared.js';

/** Canonical fields an AgentSkill carries (title as the skill's display name). */
const CARRIED: ReadonlySet<string> = new Set(['title', 'examples', 'tags']);

/**
 * The input an A2A skill takes: one text message. A skill has no parameter schema, so a tool
 * imported from a skill gets this, and a tool with exactly this input exports without loss.
 */
export const A2A_MESSAGE_SCHEMA = Object.freeze({
  type: 'object',
  properties: { message: { type: 'string', description: 'The request, in natural language.' } },
  required: ['message'],
  additionalProperties: false,
});

const A2A_LIMITS: DialectLimits = {
  maxNestingDepth: 100,
  maxProperties: 5_000,
  maxEnumValues: 100_000,
  maxNameLength: 128,
  maxRecursionUnfold: 0,
};

/** Skill fields the codec maps; anything else on a skill is kept verbatim in `sourceMeta.a2a.extra`. */
const SKILL_KEYS = new Set(['id', 'name', 'description', 'tags', 'examples', 'inputModes', 'outputModes']);
const JSON_MODE = 'application/json';
const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;.*)?$/;

export interface A2aSkill {
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples?: string[];
  inputModes?: string[];
  outputModes?: string[];
  [extra: string]: JsonValue | undefined;
}

function isMessageTool(tool: Tool): boolean {
  return jsonEqual(tool.inputSchema, A2A_MESSAGE_SCHEMA);
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...value] : undefined;
}

/** Every part of the tool an AgentSkill cannot carry, one loss entry each. */
function skillLosses(tool: Tool, targetName: string): Loss[] {
  const losses: Loss[] = [...renameLoss(tool, targetName, 'A2A'), ...fieldLosses(tool, 'A2A', CARRIED)];
  if (!isMessageTool(tool)) {
    losses.push({
      pointer: '/inputSchema',
      keyword: 'inputSchema',
      action: 'dropped',
      detail:
        'A2A skills have no parameter schema: arguments travel as one JSON message (inputModes application/json)',
    });
    const schema = tool.inputSchema;
    const props = isPlainObject(schema.properties) ? schema.properties : {};
    for (const name of Object.keys(props))
      losses.push({
        pointer: joinPointer('/inputSchema/properties', name),
        keyword: 'properties',
        action: 'dropped',
        detail: `A2A skills have no parameter schema: property "${name}" is only described by the JSON message the skill receives`,
      });
    for (const keyword of Object.keys(schema)) {
      if (keyword === 'type' || keyword === 'properties') continue;
      losses.push({
        pointer: joinPointer('/inputSchema', keyword),
        keyword,
        action: 'dropped',
        detail: `A2A skills have no parameter schema: "${keyword}" is not enforced`,
      });
    }
  }
  return losses;
}

/**
 * Exports a tool as an A2A AgentSkill. Lossy by nature: the parameter schema cannot be carried, so
 * each dropped part is a loss entry. Arguments travel as one JSON text message (inputModes
 * `application/json`), which `decode` parses back into the tool's own argument object.
 */
export function encodeA2aSkill(tool: Tool, targetName: string, _options: ConvertOptions = {}): EncodedTool {
  const meta = isPlainObject(tool.sourceMeta?.a2a) ? tool.sourceMeta.a2a : {};
  const message = isMessageTool(tool);
  // A skill id that was not a valid tool name comes back as it was, unless the name was mapped again.
  const id = typeof meta.id === 'string' && targetName === tool.name ? meta.id : targetName;
  const skill: A2aSkill = {
    ...(isPlainObject(meta.extra) ? (cloneJson(meta.extra) as Record<string, JsonValue>) : {}),
    id,
    name: typeof meta.name === 'string' ? meta.name : (tool.title ?? id),
    description: tool.description,
    tags: [...tool.tags],
  };
  if (tool.examples.length > 0) skill.examples = [...tool.examples];
  const inputModes = stringList(meta.inputModes) ?? (message ? undefined : [JSON_MODE]);
  const outputModes =
    stringList(meta.outputModes) ?? (tool.outputSchema === undefined ? undefined : [JSON_MODE]);
  if (inputModes) skill.inputModes = inputModes;
  if (outputModes) skill.outputModes = outputModes;

  const decode = (args: unknown): unknown => {
    if (message) return args;
    if (isPlainObject(args) && typeof args.message === 'string' && Object.keys(args).length === 1) {
      try {
        const parsed = parseJsonSafely(args.message);
        if (isPlainObject(parsed)) return parsed;
      } catch {
        // Not JSON: the caller gets the message itself and the tool's validator explains what is missing.
      }
    }
    return args;
  };
  const encodeArgs = (args: unknown): unknown => (message ? args : { message: JSON.stringify(args) });
  return { value: skill, losses: skillLosses(tool, targetName), decode, encodeArgs };
}

function fail(pointer: string, code: string, message: string): never {
  throw new ConversionError('invalid-input', pointer, `Invalid A2A AgentSkill (${code}): ${message}`);
}

/**
 * Reads an A2A AgentSkill into a tool input with a `{message: string}` input (a skill has no
 * parameter schema). `defaults` are the AgentCard's `defaultInputModes/defaultOutputModes`.
 */
export function decodeA2aSkill(
  raw: unknown,
  defaults: { inputModes?: string[]; outputModes?: string[] } = {},
  options: ToCanonicalOptions = {},
): { input: ToolInput; losses: Loss[] } {
  assertSafeJson(raw, { maxDepth: 64 }, 'Unsafe A2A AgentSkill');
  if (!isPlainObject(raw)) fail('', 'invalid_type', 'an AgentSkill must be an object');
  if (typeof raw.id !== 'string' || raw.id.trim() === '')
    fail('/id', 'invalid_value', 'AgentSkill "id" must be a non-empty string');
  for (const key of ['name', 'description'] as const)
    if (raw[key] !== undefined && typeof raw[key] !== 'string')
      fail(`/${key}`, 'invalid_type', `AgentSkill "${key}" must be a string`);
  for (const key of ['tags', 'examples', 'inputModes', 'outputModes'] as const)
    if (raw[key] !== undefined && !stringList(raw[key]))
      fail(`/${key}`, 'invalid_type', `AgentSkill "${key}" must be an array of strings`);

  const losses: Loss[] = [];
  const id = raw.id.trim();
  let name = id;
  if (!TOOL_NAME_PATTERN.test(id)) {
    name = suggestName(id);
    losses.push({
      pointer: '/name',
      keyword: 'id',
      action: 'renamed',
      detail: `skill id "${id}" → tool name "${name}"`,
    });
  }
  losses.push({
    pointer: '/inputSchema',
    keyword: 'inputSchema',
    action: 'added',
    detail: 'A2A skills have no parameter schema: input is one text message {message: string}',
  });
  const meta: Record<string, JsonValue> = {};
  if (name !== id) meta.id = id;
  const displayName = typeof raw.name === 'string' ? raw.name : undefined;
  const inputModes = stringList(raw.inputModes) ?? defaults.inputModes;
  const outputModes = stringList(raw.outputModes) ?? defaults.outputModes;
  if (inputModes) meta.inputModes = inputModes;
  if (outputModes) meta.outputModes = outputModes;
  const extra: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(raw)) if (!SKILL_KEYS.has(key)) extra[key] = value as JsonValue;
  if (Object.keys(extra).length > 0) meta.extra = extra;

  const input: ToolInput = {
    name,
    description: typeof raw.description === 'string' ? raw.description : '',
    inputSchema: cloneJson(A2A_MESSAGE_SCHEMA) as ToolInput['inputSchema'],
    source: 'a2a',
  };
  // A display name equal to the id adds nothing; anything else is the tool's title.
  if (displayName !== undefined && displayName.trim() !== '' && displayName !== id) input.title = displayName;
  else if (displayName !== undefined && displayName !== id) meta.name = displayName;
  const tags = stringList(raw.tags);
  if (tags && tags.length > 0) input.tags = tags;
  const examples = stringList(raw.examples);
  if (examples && examples.length > 0) input.examples = examples;
  if (Object.keys(meta).length > 0) input.sourceMeta = { a2a: meta };
  applyNameMap(input, id, options, losses);
  return { input, losses };
}

/** The skills of an AgentCard or of a `{skills: [...]}` fragment, with the card's default modes. */
export function a2aSkillsOf(raw: unknown): {
  skills: unknown[];
  defaults: { inputModes?: string[]; outputModes?: string[] };
} {
  if (!isPlainObject(raw) || !Array.isArray(raw.skills))
    fail(
      '/skills',
      'invalid_type',
      'an A2A document must be an AgentCard or {skills: [...]} with a "skills" array',
    );
  const defaults: { inputModes?: string[]; outputModes?: string[] } = {};
  const input = stringList(raw.defaultInputModes);
  const output = stringList(raw.defaultOutputModes);
  if (input) defaults.inputModes = input;
  if (output) defaults.outputModes = output;
  return { skills: raw.skills, defaults };
}

/** The document form of exported skills: an AgentCard fragment. */
export function a2aSkillDocument(skills: readonly unknown[]): { skills: unknown[] } {
  return { skills: [...skills] };
}

/** AgentSkill conformance (a2aproject/A2A `specification/a2a.proto`: id, name, description, tags required). */
export function checkA2aSkill(value: unknown, _options: CheckOptions = {}): Violation[] {
  if (!isPlainObject(value))
    return [{ pointer: '', rule: 'a2a.skill.object', message: 'an AgentSkill must be an object' }];
  const out: Violation[] = [];
  for (const key of ['id', 'name'] as const)
    if (typeof value[key] !== 'string' || (value[key] as string).trim() === '')
      out.push({
        pointer: `/${key}`,
        rule: `a2a.skill.${key}`,
        message: `AgentSkill "${key}" is required and must be a non-empty string`,
      });
  if (typeof value.description !== 'string')
    out.push({
      pointer: '/description',
      rule: 'a2a.skill.description',
      message: 'AgentSkill "description" is required and must be a string',
    });
  if (!stringList(value.tags))
    out.push({
      pointer: '/tags',
      rule: 'a2a.skill.tags',
      message: 'AgentSkill "tags" is required and must be an array of strings',
    });
  if (value.examples !== undefined && !stringList(value.examples))
    out.push({
      pointer: '/examples',
      rule: 'a2a.skill.examples',
      message: 'AgentSkill "examples" must be an array of strings',
    });
  for (const key of ['inputModes', 'outputModes'] as const) {
    const modes = value[key];
    if (modes === undefined) continue;
    const list = stringList(modes);
    if (!list) {
      out.push({
        pointer: `/${key}`,
        rule: `a2a.skill.${key}`,
        message: `AgentSkill "${key}" must be an array of media types`,
      });
      continue;
    }
    list.forEach((mode, i) => {
      if (!MEDIA_TYPE.test(mode))
        out.push({
          pointer: `/${key}/${i}`,
          rule: 'a2a.skill.media-type',
          message: `"${mode}" is not a media type (type/subtype)`,
        });
    });
  }
  return out;
}

/** A2A AgentSkill codec: lossy by nature (no parameter schema); every dropped part is reported. */
export const a2aSkillCodec: DialectCodec = {
  dialect: 'a2a-skill',
  limits: A2A_LIMITS,
  namePattern: TOOL_NAME_PATTERN,
  encode: encodeA2aSkill,
  decode: (raw, options) => decodeA2aSkill(raw, {}, options),
  check: checkA2aSkill,
  toDocument: (values) => a2aSkillDocument(values),
  fromDocument: (raw) => {
    if (Array.isArray(raw)) return raw.map((value, i) => ({ value, pointer: `/${i}` }));
    if (!isPlainObject(raw) || !Array.isArray(raw.skills)) return undefined;
    const { skills, defaults } = a2aSkillsOf(raw);
    // Card-level default modes become the skill's own, so each skill decodes on its own.
    return skills.map((skill, i) => ({
      value: isPlainObject(skill) ? { ...defaultModes(defaults), ...skill } : skill,
      pointer: `/skills/${i}`,
    }));
  },
};

function defaultModes(defaults: { inputModes?: string[]; outputModes?: string[] }): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (defaults.inputModes) out.inputModes = defaults.inputModes;
  if (defaults.outputModes) out.outputModes = defaults.outputModes;
  return out;
}
