import type { Tool } from '@toolarsenal/toolmodel';
import { explainInvalidToolsetId } from './builder.js';
import { ToolsetError } from './errors.js';
import type { Explanation } from './explanation.js';
import type { Membership } from './membership.js';
import { type CompiledPolicy, compilePolicy } from './policy-compile.js';
import type { AccessPolicySpec } from './policy-types.js';
import { Toolset, type ToolsetInfo } from './toolset.js';

export interface ComposeOptions {
  id?: string;
  name?: string;
  description?: string;
  tags?: string[];
  owner?: string;
  /** Policies are not merged by composition; give the result its own. */
  policy?: AccessPolicySpec | CompiledPolicy;
  /** Default: true when any operand is zero trust. */
  zeroTrust?: boolean;
}

type Op = 'union' | 'intersection' | 'difference';

function compose(
  op: Op,
  sets: readonly Toolset[],
  options: ComposeOptions,
  decide?: ToolsetInfo['decide'],
): Toolset {
  if (sets.length === 0 || sets.some((s) => !(s instanceof Toolset))) {
    throw new ToolsetError('TOOLSET_BAD_OPERAND', `${op} needs one or more toolsets`);
  }
  const id = options.id ?? `${op}(${sets.map((s) => s.id).join(',')})`.slice(0, 200);
  if (options.id !== undefined) {
    const reason = explainInvalidToolsetId(options.id);
    if (reason) throw new ToolsetError('TOOLSET_BAD_ID', reason);
  }
  const [first, ...rest] = sets as [Toolset, ...Toolset[]];
  const tests = sets.map((s) => s.matches);
  const n = tests.length;
  let test: (tool: Tool) => boolean;
  if (op === 'union') {
    test = (t) => {
      for (let i = 0; i < n; i++) if (tests[i]!(t)) return true;
      return false;
    };
  } else if (op === 'intersection') {
    test = (t) => {
      for (let i = 0; i < n; i++) if (!tests[i]!(t)) return false;
      return true;
    };
  } else {
    const head = first.matches;
    const tail = rest.map((s) => s.matches);
    test = (t) => {
      if (!head(t)) return false;
      for (let i = 0; i < tail.length; i++) if (tail[i]!(t)) return false;
      return true;
    };
  }
  const canChange = sets.some((s) => s.live);
  const membership: Membership = {
    canChange,
    universe: () => mergeUniverses(sets),
    test,
    explain: (t) => {
      const operands = sets.map((s) => s.explain(t));
      return { included: test(t), reason: reasonFor(op, operands, test(t)), checks: [], operands };
    },
    subscribe: (listener) => {
      const offs = sets.map((s) => s.subscribe(listener));
      return () => {
        for (const off of offs) off();
      };
    },
  };
  return new Toolset(
    {
      id,
      name: options.name ?? id,
      description: options.description ?? '',
      tags: options.tags ?? [],
      owner: options.owner,
      mode: canChange ? 'live' : 'snapshot',
      zeroTrust: options.zeroTrust ?? sets.some((s) => s.zeroTrust),
      policy: options.policy === undefined ? undefined : compilePolicy(options.policy),
      ...(decide !== undefined && { decide }),
    },
    membership,
  );
}

/** Candidate tools of all operands, first occurrence of an id wins. */
function mergeUniverses(sets: readonly Toolset[]): readonly Tool[] {
  if (sets.length === 1) return sets[0]!.universe();
  const seen = new Set<string>();
  const out: Tool[] = [];
  for (const s of sets) {
    for (const t of s.universe()) {
      if (seen.has(t.id)) continue;
      seen.add(t.id);
      out.push(t);
    }
  }
  return out;
}

const name = (e: Explanation) => JSON.stringify(e.toolset);

function reasonFor(op: Op, operands: readonly Explanation[], included: boolean): string {
  const ins = operands.filter((e) => e.included);
  if (op === 'union') {
    return included ? `in ${ins.map(name).join(' and ')}` : `in none of ${operands.map(name).join(', ')}`;
  }
  if (op === 'intersection') {
    const outs = operands.filter((e) => !e.included);
    return included
      ? `in every operand (${operands.map(name).join(', ')})`
      : `not in ${outs.map(name).join(', ')}`;
  }
  const [head, ...tail] = operands as [Explanation, ...Explanation[]];
  if (!head.included) return `not in ${name(head)}`;
  const hit = tail.find((e) => e.included);
  return hit
    ? `in ${name(head)} but removed because it is in ${name(hit)}`
    : `in ${name(head)} and in none of the subtracted sets`;
}

/** Tools in any of the sets. */
export function union(sets: readonly Toolset[], options: ComposeOptions = {}): Toolset {
  return compose('union', sets, options);
}

/** Tools in every set. */
export function intersection(sets: readonly Toolset[], options: ComposeOptions = {}): Toolset {
  return compose('intersection', sets, options);
}

/** Tools of the first set that are in none of the others. */
export function difference(sets: readonly Toolset[], options: ComposeOptions = {}): Toolset {
  return compose('difference', sets, options);
}

/** @internal A union whose members are decided by `decide` (exposure levels). */
export function governedUnion(
  sets: readonly Toolset[],
  options: ComposeOptions,
  decide: NonNullable<ToolsetInfo['decide']>,
): Toolset {
  return compose('union', sets, options, decide);
}
