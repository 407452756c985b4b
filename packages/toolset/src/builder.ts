import type { Tool } from '@toolarsenal/toolmodel';
import type { HintName } from './annotations.js';
import { ToolsetError } from './errors.js';
import { compileFilter, emptyFilter, type FilterClause, type FilterSpec } from './filter.js';
import type { Membership } from './membership.js';
import { type CompiledPolicy, compilePolicy } from './policy-compile.js';
import type { AccessPolicySpec } from './policy-types.js';
import {
  canNotify,
  readProvider,
  subscribeTo,
  type ToolProvider,
  type ToolSourceInput,
  toProvider,
} from './source.js';
import { Toolset, type ToolsetMode } from './toolset.js';

export interface CapabilityFilter {
  /** Every capability of a member must be one of these (tools without capabilities pass). */
  allow?: string[];
  /** Members have none of these. */
  deny?: string[];
}

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;

export function explainInvalidToolsetId(id: unknown): string | undefined {
  if (typeof id !== 'string') return 'a toolset id must be a string';
  if (!ID_PATTERN.test(id))
    return `toolset id ${JSON.stringify(id.slice(0, 100))} must be 1–200 characters of letters, digits, "_", ".", ":" and "-", starting with a letter or digit`;
  return undefined;
}

interface BaseSet {
  set: Toolset;
}

/**
 * Fluent toolset construction. Filters combine as documented on `compileFilter`: values of one
 * kind combine with that kind's operator, different kinds AND, `include` adds tools back,
 * `exclude` always wins.
 */
export class ToolsetBuilder {
  readonly #id: string;
  #source: ToolProvider | undefined;
  #name: string | undefined;
  #description = '';
  #tags: string[] = [];
  #owner: string | undefined;
  #mode: ToolsetMode | undefined;
  #zeroTrust = false;
  #policy: AccessPolicySpec | CompiledPolicy | undefined;
  readonly #filter: FilterSpec = emptyFilter();
  #base: BaseSet | undefined;

  constructor(id: string) {
    const reason = explainInvalidToolsetId(id);
    if (reason) throw new ToolsetError('TOOLSET_BAD_ID', reason);
    this.#id = id;
  }

  /** The tools to draw from: an array of canonical tools or a provider (`list()` + change events). */
  from(source: ToolSourceInput): this {
    this.#source = toProvider(source);
    return this;
  }
  name(name: string): this {
    this.#name = name;
    return this;
  }
  description(description: string): this {
    this.#description = description;
    return this;
  }
  /** Tags of the set itself (metadata, not a filter). */
  labels(...tags: string[]): this {
    this.#tags.push(...tags);
    return this;
  }
  owner(owner: string): this {
    this.#owner = owner;
    return this;
  }
  /** `snapshot` freezes members at build; `live` follows the source. Default: live when the source emits changes. */
  mode(mode: ToolsetMode): this {
    if (mode !== 'snapshot' && mode !== 'live')
      throw new ToolsetError(
        'TOOLSET_BAD_MODE',
        `mode must be "snapshot" or "live", got ${JSON.stringify(mode)}`,
      );
    this.#mode = mode;
    return this;
  }
  live(): this {
    return this.mode('live');
  }
  snapshot(): this {
    return this.mode('snapshot');
  }
  /** Tools in any of these namespaces (exact or glob, e.g. `mcp.*`). */
  namespace(...namespaces: string[]): this {
    this.#filter.namespaces.push(...strings(namespaces, 'namespace'));
    return this;
  }
  tagsAny(...tags: string[]): this {
    this.#filter.tagsAny.push(...strings(tags, 'tagsAny'));
    return this;
  }
  tagsAll(...tags: string[]): this {
    this.#filter.tagsAll.push(...strings(tags, 'tagsAll'));
    return this;
  }
  tagsNone(...tags: string[]): this {
    this.#filter.tagsNone.push(...strings(tags, 'tagsNone'));
    return this;
  }
  category(...categories: string[]): this {
    this.#filter.categories.push(...strings(categories, 'category'));
    return this;
  }
  capabilities(filter: CapabilityFilter): this {
    if (filter.allow !== undefined) {
      this.#filter.capabilitiesAllow = [
        ...(this.#filter.capabilitiesAllow ?? []),
        ...strings(filter.allow, 'capabilities.allow'),
      ];
    }
    if (filter.deny !== undefined)
      this.#filter.capabilitiesDeny.push(...strings(filter.deny, 'capabilities.deny'));
    return this;
  }
  /** Tools whose `source` kind is one of these (`mcp`, `openapi`, …). */
  source(...sources: string[]): this {
    this.#filter.sources.push(...strings(sources, 'source'));
    return this;
  }
  /** Tools whose effective MCP hints equal these (absent hints take MCP defaults). */
  annotations(hints: Partial<Record<HintName, boolean>>): this {
    for (const [k, v] of Object.entries(hints)) {
      if (
        !['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'].includes(k) ||
        typeof v !== 'boolean'
      ) {
        throw new ToolsetError(
          'TOOLSET_BAD_FILTER',
          `annotations: unknown hint ${JSON.stringify(k)} or non-boolean value`,
        );
      }
      this.#filter.annotations.push([k as HintName, v]);
    }
    return this;
  }
  /** Adds tools back by id, versionless id, name or glob (see README: include adds, exclude wins). */
  include(...patterns: string[]): this {
    this.#filter.include.push(...patterns);
    return this;
  }
  exclude(...patterns: string[]): this {
    this.#filter.exclude.push(...patterns);
    return this;
  }
  /** A custom predicate, ANDed with every other clause. `label` names it in explanations. */
  where(predicate: (tool: Tool) => boolean, label?: string): this {
    if (typeof predicate !== 'function')
      throw new ToolsetError('TOOLSET_BAD_FILTER', 'where() needs a function');
    this.#filter.where.push({ fn: predicate, label: label ?? (predicate.name || '') });
    return this;
  }
  policy(policy: AccessPolicySpec | CompiledPolicy | undefined): this {
    this.#policy = policy;
    return this;
  }
  /** Deny by default when no policy rule decides. */
  zeroTrust(on = true): this {
    this.#zeroTrust = on;
    return this;
  }

  /** @internal used by `Toolset.extend`. */
  extendFrom(set: Toolset): this {
    this.#base = { set };
    this.#source = { list: () => set.universe(), subscribe: (l) => set.subscribe(l) };
    this.#name ??= set.name;
    this.#description = set.description;
    this.#tags = [...set.tags];
    this.#owner = set.owner;
    this.#zeroTrust = set.zeroTrust;
    this.#policy = set.policy;
    this.#mode ??= set.mode;
    return this;
  }

  build(): Toolset {
    const provider = this.#source;
    if (provider === undefined)
      throw new ToolsetError(
        'TOOLSET_NO_SOURCE',
        `toolset ${JSON.stringify(this.#id)} needs a source: call .from(tools or provider)`,
      );
    const base = this.#base;
    const baseClause: FilterClause | undefined = base && {
      kind: 'base',
      test: base.set.matches,
      detail: (_t, ok) => `${ok ? 'member' : 'not a member'} of base toolset ${JSON.stringify(base.set.id)}`,
    };
    const filter = compileFilter(
      {
        ...this.#filter,
        include: [...this.#filter.include],
        exclude: [...this.#filter.exclude],
        where: [...this.#filter.where],
      },
      baseClause,
    );
    const label = `source of toolset ${JSON.stringify(this.#id)}`;
    const membership: Membership = {
      canChange: canNotify(provider),
      universe: () => readProvider(provider, label),
      test: filter.test,
      explain: (t) => ({ ...filter.explain(t), operands: base ? [base.set.explain(t)] : [] }),
      subscribe: (listener) => subscribeTo(provider, listener),
    };
    const policy = this.#policy === undefined ? undefined : compilePolicy(this.#policy);
    return new Toolset(
      {
        id: this.#id,
        name: this.#name ?? this.#id,
        description: this.#description,
        tags: this.#tags,
        owner: this.#owner,
        mode: this.#mode ?? (canNotify(provider) ? 'live' : 'snapshot'),
        zeroTrust: this.#zeroTrust,
        policy,
      },
      membership,
    );
  }
}

function strings(values: readonly unknown[], where: string): string[] {
  for (const v of values) {
    if (typeof v !== 'string' || v.length === 0) {
      throw new ToolsetError(
        'TOOLSET_BAD_FILTER',
        `${where}: values must be non-empty strings, got ${JSON.stringify(v) ?? String(v)}`,
      );
    }
  }
  return values as string[];
}

/** Starts a fluent toolset: `toolset('devops').from(tools).namespace('mcp.github').build()`. */
export function toolset(id: string): ToolsetBuilder {
  return new ToolsetBuilder(id);
}
