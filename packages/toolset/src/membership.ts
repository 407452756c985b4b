import type { Tool } from '@toolarsenal/toolmodel';
import type { ClauseCheck, Explanation } from './explanation.js';
import type { ChangeListener } from './source.js';

/** What decides a toolset's members: a universe of candidate tools and a test over tool data. */
export interface Membership {
  /** True when the universe can change (the set is re-evaluated on change). */
  readonly canChange: boolean;
  /** Reads the current candidates (validated, unique ids). */
  universe(): readonly Tool[];
  /** Membership from the tool's data alone (no lookup), so it also works as a plain predicate. */
  test(tool: Tool): boolean;
  explain(tool: Tool): {
    included: boolean;
    reason: string;
    checks: readonly ClauseCheck[];
    operands: readonly Explanation[];
  };
  subscribe(listener: ChangeListener): (() => void) | undefined;
}
