import { mapName, type NameRule, OPENAI_NAME_RULE } from '@toolarsenal/tooladapter';
import type { Tool } from '@toolarsenal/toolmodel';
import { invalidOption } from './errors.js';

/**
 * Model-facing names for canonical tools, assigned on first sight and then fixed: a tool keeps
 * its name for the registry's lifetime whichever subset of tools a turn offers, so tool calls
 * already in a conversation keep pointing at the same tool. Names follow `rule` (default
 * OpenAI's `^[a-zA-Z0-9_-]{1,64}$`, which Anthropic and most providers also accept); clashes
 * and invalid names are mapped by tooladapter's `mapName` (`search`, `search_1a2b3c4d`, …).
 */
export class ToolNames {
  readonly rule: NameRule;
  readonly #byId = new Map<string, string>();
  readonly #byName = new Map<string, string>();
  readonly #taken = new Set<string>();

  constructor(rule: NameRule = OPENAI_NAME_RULE, reserved: Iterable<string> = []) {
    if (typeof rule !== 'object' || rule === null || !(rule.pattern instanceof RegExp))
      throw invalidOption('options.nameRule', 'a tooladapter NameRule', rule);
    this.rule = rule;
    for (const name of reserved) this.#taken.add(name);
  }

  /** The name of a tool, assigned now if it has none yet. */
  nameOf(tool: Tool): string {
    const known = this.#byId.get(tool.id);
    if (known !== undefined) return known;
    const name = mapName(tool.name, this.rule, this.#taken);
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
}
