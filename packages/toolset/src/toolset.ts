import type { ConvertOptions, Dialect } from '@toolarsenal/tooladapter';
import type { Tool } from '@toolarsenal/toolmodel';
import { ToolsetBuilder } from './builder.js';
import { type ComposeOptions, difference, intersection, union } from './compose.js';
import { ToolsetError } from './errors.js';
import type { Explanation } from './explanation.js';
import { exportTools, type PreparedTurn, prepareTurn, type ToolsetExport } from './export.js';
import type { Membership } from './membership.js';
import { NO_OBLIGATIONS } from './obligations.js';
import { type CompiledPolicy, checkedPrincipal, decideFor, toPrincipal } from './policy-compile.js';
import type { Decision, PolicyAction, Principal } from './policy-types.js';
import type { ChangeListener, ToolProvider } from './source.js';
import { selectForTurn, type TurnOptions, type TurnSelection } from './turn.js';
import { toolId } from './tool-fields.js';

/**
 * A filtered view any index or runner can accept: a plain predicate confining search and
 * execution to the set (and, with a principal, to what the policy allows), plus the policy.
 */
export interface ToolsetScope {
  readonly toolset: Toolset;
  /** `(tool) => boolean`: member of the set and, when scoped to a principal, allowed for `action`. */
  readonly predicate: (tool: Tool) => boolean;
  readonly policy: CompiledPolicy | undefined;
  evaluate(principal: Principal, tool: Tool | string, action?: PolicyAction): Decision;
}

export type ToolsetMode = 'snapshot' | 'live';

export interface ToolsetInfo {
  id: string;
  name: string;
  description: string;
  tags: readonly string[];
  owner?: string | undefined;
  mode: ToolsetMode;
  zeroTrust: boolean;
  policy?: CompiledPolicy | undefined;
  createdAt?: string;
  /**
   * @internal Decides for members instead of `policy` (exposure levels: a tool keeps the policy
   * of the least trusted level that exposes it).
   */
  decide?: ((principal: Readonly<Principal>, member: Tool, action: PolicyAction) => Decision) | undefined;
}

interface State {
  universe: readonly Tool[];
  members: readonly Tool[];
  /** Members only, so building stays proportional to the members; the universe index is lazy. */
  memberById: Map<string, Tool>;
  universeById?: Map<string, Tool>;
  ids?: ReadonlySet<string>;
}

/**
 * A curated collection of tools. `snapshot` sets evaluate their filters once at build time and
 * never change; `live` sets re-evaluate (lazily, on next read) whenever their source reports a
 * change, and tell their own subscribers. A Toolset is itself a `ToolProvider`, so sets can be
 * sources of other sets, of an index, or of a runner.
 */
export class Toolset implements ToolProvider {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly owner: string | undefined;
  readonly mode: ToolsetMode;
  readonly zeroTrust: boolean;
  readonly policy: CompiledPolicy | undefined;
  readonly createdAt: string;
  readonly #decide: ToolsetInfo['decide'];
  #updatedAt: string;
  readonly #membership: Membership;
  #state: State | undefined;
  #computing = false;
  #notifying = false;
  readonly #listeners = new Set<ChangeListener>();
  #unsubscribe: (() => void) | undefined;

  constructor(info: ToolsetInfo, membership: Membership) {
    this.id = info.id;
    this.name = info.name;
    this.description = info.description;
    this.tags = Object.freeze([...info.tags]);
    this.owner = info.owner;
    this.mode = info.mode;
    this.zeroTrust = info.zeroTrust;
    this.policy = info.policy;
    this.#decide = info.decide;
    this.createdAt = info.createdAt ?? new Date().toISOString();
    this.#updatedAt = this.createdAt;
    this.#membership = membership;
    this.#policyOptions = Object.freeze({ zeroTrust: info.zeroTrust });
    if (info.mode === 'live' && membership.canChange) {
      // The source holds only a weak reference: a live set nobody uses any more can be collected
      // (its listener unsubscribes itself on the next change) even without dispose().
      const ref = new WeakRef(this);
      let off: (() => void) | undefined = undefined;
      off = membership.subscribe(() => {
        const self = ref.deref();
        if (self === undefined) off?.();
        else self.#onSourceChange();
      });
      this.#unsubscribe = off;
    }
    // Snapshots freeze their members now; live sets compute on first read.
    if (info.mode === 'snapshot') this.#read();
  }

  get updatedAt(): string {
    return this.#updatedAt;
  }

  /** True when membership follows the source. */
  get live(): boolean {
    return this.mode === 'live';
  }

  #onSourceChange(): void {
    this.#state = undefined;
    if (this.#notifying) return; // a change loop through cyclic providers stops here
    this.#notifying = true;
    let firstError: unknown;
    try {
      for (const listener of [...this.#listeners]) {
        try {
          listener();
        } catch (error) {
          firstError ??= error;
        }
      }
    } finally {
      this.#notifying = false;
    }
    if (firstError !== undefined) throw firstError;
  }

  #read(): State {
    if (this.#state !== undefined) return this.#state;
    if (this.#computing) {
      throw new ToolsetError(
        'TOOLSET_CYCLE',
        `toolset ${JSON.stringify(this.id)} depends on itself: its source read the set while it was being computed`,
      );
    }
    this.#computing = true;
    try {
      const universe = this.#membership.universe();
      const members: Tool[] = [];
      const memberById = new Map<string, Tool>();
      const test = this.#membership.test;
      for (let i = 0; i < universe.length; i++) {
        const tool = universe[i]!;
        if (test(tool)) {
          const id = toolId(tool);
          if (memberById.has(id)) throw duplicate(this.id, id);
          members.push(tool);
          memberById.set(id, tool);
        }
      }
      const previous = this.#previousIds;
      if (previous !== undefined && !sameIds(previous, memberById))
        this.#updatedAt = new Date().toISOString();
      this.#previousIds = memberById;
      const state: State = { universe, members: Object.freeze(members), memberById };
      this.#state = state;
      return state;
    } finally {
      this.#computing = false;
    }
  }
  #previousIds: Map<string, Tool> | undefined;
  readonly #policyOptions: { zeroTrust: boolean };

  #universeLookup(state: State, id: string): Tool | undefined {
    if (state.universeById === undefined) {
      const map = new Map<string, Tool>();
      for (const t of state.universe) {
        if (map.has(t.id)) throw duplicate(this.id, t.id);
        map.set(t.id, t);
      }
      state.universeById = map;
    }
    return state.universeById.get(id);
  }

  /** The member tools, in source order. */
  tools(): readonly Tool[] {
    return this.#read().members;
  }

  /** `ToolProvider.list`: the member tools. */
  list(): readonly Tool[] {
    return this.tools();
  }

  /** The candidate tools the set draws from (its source). */
  universe(): readonly Tool[] {
    return this.#read().universe;
  }

  get size(): number {
    return this.#read().members.length;
  }

  ids(): ReadonlySet<string> {
    const state = this.#read();
    state.ids ??= new Set(state.memberById.keys());
    return state.ids;
  }

  /** Membership by id (or by the tool's id). */
  has(tool: string | Tool): boolean {
    return this.#read().memberById.has(typeof tool === 'string' ? tool : tool.id);
  }

  /** A member by id. */
  get(id: string): Tool | undefined {
    return this.#read().memberById.get(id);
  }

  /**
   * Membership decided from the tool's data: a snapshot answers by id (its members are frozen),
   * a live set runs its compiled filters, so tools its source has not reported yet are judged too.
   */
  readonly matches = (tool: Tool): boolean =>
    this.mode === 'snapshot' ? this.#read().memberById.has(tool.id) : this.#membership.test(tool);

  /** Why a tool is in or out. Unknown ids are explained as "not in the source". */
  explain(tool: string | Tool): Explanation {
    const id = typeof tool === 'string' ? tool : tool.id;
    const state = this.#read();
    const found = typeof tool === 'string' ? this.#universeLookup(state, id) : tool;
    if (found === undefined) {
      return {
        toolset: this.id,
        toolId: id,
        included: false,
        reason: `tool ${JSON.stringify(id)} is not in the source of toolset ${JSON.stringify(this.id)}`,
        checks: [],
        operands: [],
      };
    }
    const e = this.#membership.explain(found);
    if (this.mode === 'snapshot' && state.memberById.has(id) !== e.included) {
      const included = state.memberById.has(id);
      return {
        toolset: this.id,
        toolId: id,
        included,
        reason: `snapshot taken at ${this.createdAt}: the tool was ${included ? 'in' : 'out'} then (${e.reason})`,
        checks: e.checks,
        operands: e.operands,
      };
    }
    return {
      toolset: this.id,
      toolId: id,
      included: e.included,
      reason: e.reason,
      checks: e.checks,
      operands: e.operands,
    };
  }

  /**
   * Access decision for one request: tools outside the set are denied; members go through the
   * set's policy (zero trust denies when no rule decides); without a policy a zero-trust set
   * denies everything and an open set allows its members. The principal goes through toolmodel's
   * `normalizePrincipal` first: anything malformed throws `TOOLSET_BAD_PRINCIPAL`.
   */
  evaluate(principal: Principal, tool: string | Tool, action: PolicyAction = 'call'): Decision {
    const p = checkedPrincipal(principal, () => `toolset ${JSON.stringify(this.id)}`);
    const id = typeof tool === 'string' ? tool : toolId(tool);
    const member = this.#read().memberById.get(id);
    if (member === undefined) {
      return {
        allow: false,
        reason: `tool ${JSON.stringify(id)} is not in toolset ${JSON.stringify(this.id)}`,
        obligations: NO_OBLIGATIONS,
      };
    }
    if (this.#decide !== undefined) return this.#decide(p, member, action);
    if (this.policy !== undefined) return decideFor(this.policy)(p, member, action, this.#policyOptions);
    return this.zeroTrust
      ? {
          allow: false,
          reason: `toolset ${JSON.stringify(this.id)} is zero trust and has no policy`,
          obligations: NO_OBLIGATIONS,
        }
      : {
          allow: true,
          reason: `member of open toolset ${JSON.stringify(this.id)} (no policy)`,
          obligations: NO_OBLIGATIONS,
        };
  }

  /** Tools in this set or any of `others`. */
  union(others: Toolset | readonly Toolset[], options?: ComposeOptions): Toolset {
    return union([this, ...toArray(others)], options);
  }

  /** Tools in this set and every one of `others`. */
  intersect(others: Toolset | readonly Toolset[], options?: ComposeOptions): Toolset {
    return intersection([this, ...toArray(others)], options);
  }

  /** Tools in this set and in none of `others`. */
  difference(others: Toolset | readonly Toolset[], options?: ComposeOptions): Toolset {
    return difference([this, ...toArray(others)], options);
  }

  /**
   * A builder for a set derived from this one: same source and metadata, membership starts as
   * this set's; further filters narrow it, `include` adds tools back from the same source,
   * `exclude` removes, and metadata/policy calls override.
   */
  extend(id: string): ToolsetBuilder {
    return new ToolsetBuilder(id).extendFrom(this);
  }

  /**
   * A view for an index or runner; with a principal the predicate also applies `evaluate` (the
   * same decision path). The principal is normalised once, here: a malformed one throws now.
   */
  scope(principal?: Principal, action: PolicyAction = 'call'): ToolsetScope {
    const matches = this.matches;
    const p =
      principal === undefined ? undefined : toPrincipal(principal, `toolset ${JSON.stringify(this.id)}`);
    const predicate =
      p === undefined ? matches : (tool: Tool) => matches(tool) && this.evaluate(p, tool, action).allow;
    return Object.freeze({
      toolset: this,
      predicate,
      policy: this.policy,
      evaluate: (p: Principal, tool: Tool | string, a: PolicyAction = 'call') => this.evaluate(p, tool, a),
    });
  }

  /** The member tools in a dialect (tooladapter): tools, losses, the id ↔ name map and `decodeCall`. */
  export(dialect: Dialect, options: ConvertOptions = {}): ToolsetExport {
    return exportTools(this.tools(), dialect, options);
  }

  /** Per-turn selection plus export of the selected tools and the tool choice in mapped names. */
  prepareTurn(
    dialect: Dialect,
    options: Omit<TurnOptions, 'dialect' | 'targetNames'> = {},
    convert: ConvertOptions = {},
  ): PreparedTurn {
    return prepareTurn(this.tools(), dialect, options, convert);
  }

  /** Per-turn selection over this set's members (see `selectForTurn`). */
  selectTurn(options: TurnOptions = {}): TurnSelection {
    return selectForTurn(this.tools(), options);
  }

  /** Registers a change listener (live sets only ever call it); returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Drops the cached membership so the next read re-evaluates (live sets do this on change events). */
  refresh(): void {
    if (this.mode === 'live') this.#onSourceChange();
  }

  /** Stops listening to the source and drops listeners. */
  dispose(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#listeners.clear();
  }

  /** @internal the membership, for composition. */
  get membership(): Membership {
    return this.#membership;
  }

  toJSON() {
    return {
      id: this.id,
      name: this.name,
      description: this.description,
      tags: this.tags,
      owner: this.owner,
      mode: this.mode,
      zeroTrust: this.zeroTrust,
      policy: this.policy?.id,
      createdAt: this.createdAt,
      updatedAt: this.updatedAt,
      tools: this.tools().map((t) => t.id),
    };
  }
}

function duplicate(set: string, id: string): ToolsetError {
  return new ToolsetError(
    'TOOLSET_DUPLICATE_TOOL',
    `source of toolset ${JSON.stringify(set)}: tool id ${JSON.stringify(id)} is listed twice`,
  );
}

function toArray(x: Toolset | readonly Toolset[]): readonly Toolset[] {
  return Array.isArray(x) ? x : [x as Toolset];
}

function sameIds(a: Map<string, Tool>, b: Map<string, Tool>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a.keys()) if (!b.has(id)) return false;
  return true;
}
