import { A2A_MESSAGE_SCHEMA, fromCanonicalMany } from '@toolarsenal/tooladapter';
import { type JsonObject, type JsonValue, jsonEqual, type Tool } from '@toolarsenal/toolmodel';
import type { Toolset } from '@toolarsenal/toolset';
import type { SkillSchema } from '../shared/tool-schema-extension.js';

/** The card's default modes (text in, text or JSON out), written on each skill that declares none. */
export const DEFAULT_MODES: Readonly<{ inputModes: string[]; outputModes: string[] }> = Object.freeze({
  inputModes: ['text/plain', 'application/json'],
  outputModes: ['text/plain', 'application/json'],
});

/** Several tools served as one skill: the caller names the tool in a data part `{tool, arguments}`. */
export interface SkillGroup {
  id: string;
  name?: string;
  description: string;
  tags?: readonly string[];
  examples?: readonly string[];
  /** The tools of the group (only those also exposed at the caller's level are offered). */
  toolset: Toolset;
}

/** A skill as served: its card JSON (the a2a-skill codec's form, `tags` always present), schema and tools. */
export type ServedSkill =
  | { kind: 'tool'; id: string; skill: JsonObject; schema: SkillSchema; tool: Tool }
  | { kind: 'group'; id: string; skill: JsonObject; schema: SkillSchema; members: ReadonlyMap<string, Tool> };

/** Skills for a set of tools: ids mapped once over every tool served, so a skill keeps its id at every level. */
export class SkillCatalogue {
  private key = '';
  private ids = new Map<string, { skillId: string; value: JsonObject }>();

  constructor(private readonly groups: readonly SkillGroup[]) {}

  /** Recomputes the id map when the served tools changed. */
  update(allTools: readonly Tool[]): void {
    const key = allTools.map((t) => `${t.id}#${t.contentHash}`).join('|');
    if (key === this.key) return;
    const reserved = new Set(this.groups.map((g) => g.id));
    const converted = fromCanonicalMany(allTools, 'a2a-skill', { reservedNames: reserved });
    const ids = new Map<string, { skillId: string; value: JsonObject }>();
    allTools.forEach((tool, i) => {
      // Modes spelled out on every skill, so a client reads each skill the same with or without the card.
      const value: JsonObject = { ...DEFAULT_MODES, ...(converted.tools[i]!.value as JsonObject) };
      ids.set(tool.id, { skillId: String(value.id), value });
    });
    this.ids = ids;
    this.key = key;
  }

  /** The skills offered for these visible tools (grouped tools inside their group's skill). */
  skillsFor(visible: readonly Tool[]): ServedSkill[] {
    const out: ServedSkill[] = [];
    const grouped = new Set<string>();
    for (const group of this.groups) {
      const members = new Map<string, Tool>();
      for (const tool of visible) {
        if (!group.toolset.has(tool.id)) continue;
        const entry = this.ids.get(tool.id);
        if (!entry) continue;
        members.set(entry.skillId, tool);
        grouped.add(tool.id);
      }
      if (members.size > 0) out.push(groupSkill(group, members));
    }
    for (const tool of visible) {
      if (grouped.has(tool.id)) continue;
      const entry = this.ids.get(tool.id);
      if (!entry) continue;
      const schema: SkillSchema = { inputSchema: tool.inputSchema as JsonObject, hash: tool.contentHash };
      if (tool.outputSchema !== undefined) schema.outputSchema = tool.outputSchema as JsonValue;
      if (Object.keys(tool.annotations).length > 0)
        schema.annotations = { ...tool.annotations } as JsonObject;
      out.push({ kind: 'tool', id: entry.skillId, skill: entry.value, schema, tool });
    }
    return out;
  }
}

function groupSkill(group: SkillGroup, members: Map<string, Tool>): ServedSkill {
  const names = [...members.keys()];
  const hash = [...members.values()].map((t) => t.contentHash).join(',');
  const skill: JsonObject = {
    id: group.id,
    name: group.name ?? group.id,
    description: `${group.description}\n\nTools (send a data part {"tool": <name>, "arguments": {…}}): ${names.join(', ')}`,
    tags: [...(group.tags ?? [])],
    examples: [...(group.examples ?? [])],
    inputModes: ['application/json'],
    outputModes: ['application/json', 'text/plain'],
  };
  const schema: SkillSchema = {
    inputSchema: {
      type: 'object',
      properties: {
        tool: { type: 'string', enum: names, description: 'The tool of the group to call.' },
        arguments: { type: 'object', description: "The tool's arguments." },
      },
      required: ['tool'],
      additionalProperties: false,
    },
    hash: `group:${hash}`,
  };
  return { kind: 'group', id: group.id, skill, schema, members };
}

/** True for a tool whose input is the plain A2A message (`{message: string}`). */
export function isMessageTool(tool: Tool): boolean {
  return jsonEqual(tool.inputSchema, A2A_MESSAGE_SCHEMA);
}
