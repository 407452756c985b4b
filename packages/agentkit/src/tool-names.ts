import { createHash } from 'node:crypto';
import { mapName, type NameRule, PORTABLE_NAME_RULE } from '@toolarsenal/tooladapter';
import type { Tool } from '@toolarsenal/toolmodel';
import { invalidOption } from './errors.js';

const NONE: ReadonlySet<string> = new Set();
const ID_HASH = 8;

/**
 * Model-facing names for canonical tools, valid under `rule` — default tooladapter's
 * `PORTABLE_NAME_RULE`, which OpenAI, Anthropic, Gemini and MCP all accept; tooladapter's
 * `mapName` does the spelling (invalid characters become `_`, too-long names are cut and hashed).
 *
 * A tool whose name no other known tool has keeps it. Tools that share a name (`search` in two
 * namespaces) are all qualified by namespace (`docs_search`, `web_search`), and by version when
 * the namespace is shared too. A name two tools would spell alike (`a.b` and `a_b`) stays with the
 * tool that has it as written, and the others get `_<8 hex of sha256(id)>`. So names depend on
 * which tools are known, not on the order they are seen in: `plan` makes a set of tools known
 * before any is named. A name, once given, is fixed for the registry's lifetime (a tool known
 * later never renames it; it is qualified instead), so tool calls already in a conversation keep
 * pointing at the same tool; `idOf` maps a name back to the canonical id.
 */
export class ToolNames {
  readonly rule: NameRule;
  readonly #byId = new Map<string, string>();
  readonly #byName = new Map<string, string>();
  readonly #taken = new Set<string>();
  /** Every known tool (named or planned). */
  readonly #known = new Map<string, Known>();
  /** Canonical name → the known tools carrying it (id → namespace). */
  readonly #sharers = new Map<string, Map<string, string | undefined>>();
  /** Spelled candidate name → ids of the known tools that could ask for it. */
  readonly #claims = new Map<string, Set<string>>();

  constructor(rule: NameRule = PORTABLE_NAME_RULE, reserved: Iterable<string> = []) {
    if (typeof rule !== 'object' || rule === null || !(rule.pattern instanceof RegExp))
      throw invalidOption('options.nameRule', 'a tooladapter NameRule', rule);
    this.rule = rule;
    for (const name of reserved) this.#taken.add(name);
  }

  /** Makes tools known without naming them, so a name they share is qualified for each of them. */
  plan(tools: Iterable<Tool>): void {
    for (const tool of tools) this.#know(tool);
  }

  /** The name of a tool, assigned now if it has none yet. */
  nameOf(tool: Tool): string {
    const given = this.#byId.get(tool.id);
    if (given !== undefined) return given;
    this.#know(tool);
    const name = mapName(this.#wanted(tool), this.rule, this.#taken);
    this.#taken.add(name);
    this.#byId.set(tool.id, name);
    this.#byName.set(name, tool.id);
    return name;
  }

  /** The tool id behind a model-facing name (undefined for unknown or reserved names). */
  idOf(name: string): string | undefined {
    return this.#byName.get(name);
  }

  get size(): number {
    return this.#byId.size;
  }

  #know(tool: Tool): void {
    if (this.#known.has(tool.id)) return;
    const known: Known = { id: tool.id, name: tool.name, namespace: tool.namespace, version: tool.version };
    this.#known.set(tool.id, known);
    let sharers = this.#sharers.get(tool.name);
    if (!sharers) this.#sharers.set(tool.name, (sharers = new Map()));
    sharers.set(tool.id, tool.namespace);
    for (const candidate of [tool.name, qualified(known, false), qualified(known, true)]) {
      const spelled = this.#spell(candidate);
      const ids = this.#claims.get(spelled);
      if (ids) ids.add(tool.id);
      else this.#claims.set(spelled, new Set([tool.id]));
    }
  }

  /** How `rule` spells a name when nothing else is taken. */
  #spell(name: string): string {
    return mapName(name, this.rule, NONE);
  }

  /** The spelled name a known tool asks for: its own, or qualified when other known tools share it. */
  #candidate(tool: Known): string {
    const sharers = this.#sharers.get(tool.name)!;
    if (sharers.size === 1) return this.#spell(tool.name);
    let sameNamespace = false;
    for (const [id, namespace] of sharers)
      if (id !== tool.id && namespace === tool.namespace) sameNamespace = true;
    return this.#spell(qualified(tool, sameNamespace));
  }

  /** The candidate, unless another known tool has it as its own name or would spell it alike. */
  #wanted(tool: Tool): string {
    const spelled = this.#candidate(this.#known.get(tool.id)!);
    if (spelled === tool.name) return spelled;
    if (this.#sharers.has(spelled)) return this.#hashed(spelled, tool.id);
    for (const id of this.#claims.get(spelled) ?? NONE)
      if (id !== tool.id && this.#candidate(this.#known.get(id)!) === spelled)
        return this.#hashed(spelled, tool.id);
    return spelled;
  }

  #hashed(spelled: string, id: string): string {
    const hash = createHash('sha256').update(id).digest('hex').slice(0, ID_HASH);
    return `${spelled.slice(0, Math.max(1, this.rule.maxLength - ID_HASH - 1))}_${hash}`;
  }
}

interface Known {
  id: string;
  name: string;
  namespace: string | undefined;
  version: string;
}

function qualified(tool: Known, withVersion: boolean): string {
  const parts = [tool.namespace, tool.name, withVersion ? `v${tool.version}` : undefined];
  return parts.filter((p) => p !== undefined).join('_');
}
