import { createHash } from 'node:crypto';
import type { NameMap } from '../types.js';
import type { NameRule } from './name-rules.js';

const HASH_LENGTH = 8;

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, HASH_LENGTH);
}

/** Replaces characters the rule forbids with `_` and fixes the first character. */
export function sanitizeName(name: string, rule: NameRule): string {
  let out = name.replace(rule.invalidChar, '_');
  if (out === '') out = 'tool';
  if (rule.firstChar && !rule.firstChar.test(out)) out = `_${out}`;
  return out;
}

/**
 * Maps one name to a target name that satisfies `rule` and is not in `taken`. Deterministic:
 * valid, free names are kept; invalid characters become `_`; names that are too long or clash
 * after sanitising get `_<8 hex of sha256(original)>`, then a counter if that clashes too.
 */
export function mapName(name: string, rule: NameRule, taken: ReadonlySet<string>): string {
  if (rule.pattern.test(name) && !taken.has(name)) return name;
  const clean = sanitizeName(name, rule);
  if (clean.length <= rule.maxLength && rule.pattern.test(clean) && !taken.has(clean)) return clean;
  const suffix = `_${shortHash(name)}`;
  const base = clean.slice(0, rule.maxLength - suffix.length);
  let candidate = `${base}${suffix}`;
  for (let i = 2; taken.has(candidate) || !rule.pattern.test(candidate); i++) {
    const counter = `_${i}`;
    candidate = `${base.slice(0, rule.maxLength - suffix.length - counter.length)}${suffix}${counter}`;
    if (i > 10_000) throw new RangeError('name mapping did not converge');
  }
  return candidate;
}

/** A source of a name mapping: the canonical tool id and the name it wants in the target. */
export interface NameRequest {
  id: string;
  name: string;
}

/**
 * Maps many tools' names collision-free and returns the reversible map (canonical id ↔ target
 * name). Earlier tools keep their names when later ones clash. `reserved` names are never used.
 */
export function mapNames(
  requests: readonly NameRequest[],
  rule: NameRule,
  reserved: ReadonlySet<string> = new Set(),
): { names: string[]; map: NameMap } {
  if (requests.length === 1) {
    // Fast path for single conversions: no set copies.
    const { id, name } = requests[0]!;
    const target = mapName(name, rule, reserved);
    return { names: [target], map: { toTarget: { [id]: target }, fromTarget: { [target]: id } } };
  }
  const taken = new Set(reserved);
  const toTarget: Record<string, string> = Object.create(null);
  const fromTarget: Record<string, string> = Object.create(null);
  const names: string[] = [];
  for (const { id, name } of requests) {
    const existing = toTarget[id];
    // The same tool listed twice gets the same name (and no second entry).
    const target = existing ?? mapName(name, rule, taken);
    taken.add(target);
    toTarget[id] = target;
    fromTarget[target] = id;
    names.push(target);
  }
  return { names, map: { toTarget: { ...toTarget }, fromTarget: { ...fromTarget } } };
}

/** Merges name maps (later entries win). */
export function mergeNameMaps(...maps: readonly NameMap[]): NameMap {
  const toTarget: Record<string, string> = {};
  const fromTarget: Record<string, string> = {};
  for (const m of maps) {
    for (const [k, v] of Object.entries(m.toTarget)) toTarget[k] = v;
    for (const [k, v] of Object.entries(m.fromTarget)) fromTarget[k] = v;
  }
  return { toTarget, fromTarget };
}

/** Inverts a map: the canonical id a target name stands for, or `undefined`. */
export function resolveTargetName(map: NameMap, targetName: string): string | undefined {
  return Object.hasOwn(map.fromTarget, targetName) ? map.fromTarget[targetName] : undefined;
}
