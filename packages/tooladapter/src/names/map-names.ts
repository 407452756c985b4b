import { createHash } from 'node:crypto';
import { InvalidArgumentError, isPlainObject } from '@toolarsenal/toolmodel';
import { ConversionError } from '../errors.js';
import type { NameMap } from '../types.js';
import { nameDictionary, oneEntry } from './name-dictionary.js';
import { expectNameRule, type NameRule } from './name-rules.js';

const HASH_LENGTH = 8;

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, HASH_LENGTH);
}

/** Replaces characters the rule forbids with `_` and fixes the first character. */
export function sanitizeName(name: string, rule: NameRule): string {
  if (typeof name !== 'string') throw new InvalidArgumentError('name', 'a string', name);
  expectNameRule(rule);
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
  if (typeof name !== 'string') throw new InvalidArgumentError('name', 'a string', name);
  expectNameRule(rule);
  if (!(taken instanceof Set)) throw new InvalidArgumentError('taken', 'a Set of names', taken);
  if (name.length <= rule.maxLength && rule.pattern.test(name) && !taken.has(name)) return name;
  const clean = sanitizeName(name, rule);
  if (clean.length <= rule.maxLength && rule.pattern.test(clean) && !taken.has(clean)) return clean;
  const suffix = `_${shortHash(name)}`;
  if (rule.maxLength <= suffix.length) {
    // Too short a limit for a readable prefix: the name becomes its hash.
    const hashed = `t${shortHash(name)}`.slice(0, rule.maxLength);
    if (taken.has(hashed) || !rule.pattern.test(hashed))
      throw new ConversionError('limit-exceeded', '/name', `no free target name for "${name.slice(0, 80)}"`);
    return hashed;
  }
  const base = clean.slice(0, rule.maxLength - suffix.length);
  let candidate = `${base}${suffix}`;
  for (let i = 2; taken.has(candidate) || !rule.pattern.test(candidate); i++) {
    const counter = `_${i}`;
    candidate = `${base.slice(0, rule.maxLength - suffix.length - counter.length)}${suffix}${counter}`;
    if (i > 10_000)
      throw new ConversionError('limit-exceeded', '/name', `no free target name for "${name.slice(0, 80)}"`);
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
 * name). Names the target accepts keep their spelling; only names that had to change (invalid
 * characters, too long, or a repeat of an earlier valid name) are sanitised and suffixed, so
 * `{a.b, a_b}` for OpenAI gives `a_b_<hash>` and `a_b`, never renaming the valid `a_b`.
 * `reserved` names are never used. The same id listed twice gets the same name.
 */
export function mapNames(
  requests: readonly NameRequest[],
  rule: NameRule,
  reserved: ReadonlySet<string> = new Set(),
): { names: string[]; map: NameMap } {
  if (!Array.isArray(requests))
    throw new InvalidArgumentError('requests', 'an array of {id, name}', requests);
  for (const [i, r] of requests.entries())
    if (r === null || typeof r !== 'object' || typeof r.id !== 'string' || typeof r.name !== 'string')
      throw new InvalidArgumentError(`requests[${i}]`, 'an {id, name} pair of strings', r);
  if (requests.length === 1) {
    // Fast path for single conversions: no set copies.
    const { id, name } = requests[0]!;
    const target = mapName(name, rule, reserved);
    return { names: [target], map: { toTarget: oneEntry(id, target), fromTarget: oneEntry(target, id) } };
  }
  const taken = new Set(reserved);
  const byId = new Map<string, string>();
  // First every name that can stay as it is (first come, first kept), then the ones that must change.
  for (const { id, name } of requests) {
    if (byId.has(id) || taken.has(name) || !rule.pattern.test(name) || name.length > rule.maxLength) continue;
    byId.set(id, name);
    taken.add(name);
  }
  for (const { id, name } of requests) {
    if (byId.has(id)) continue;
    const target = mapName(name, rule, taken);
    byId.set(id, target);
    taken.add(target);
  }
  const toTarget = nameDictionary();
  const fromTarget = nameDictionary();
  const names: string[] = [];
  for (const { id } of requests) {
    const target = byId.get(id)!;
    toTarget[id] = target;
    fromTarget[target] = id;
    names.push(target);
  }
  return { names, map: { toTarget, fromTarget } };
}

/** Merges name maps (later entries win). */
export function mergeNameMaps(...maps: readonly NameMap[]): NameMap {
  maps.forEach((m, i) => expectNameMap(m, `maps[${i}]`));
  const toTarget = nameDictionary();
  const fromTarget = nameDictionary();
  for (const m of maps) {
    for (const [k, v] of Object.entries(m.toTarget)) toTarget[k] = v;
    for (const [k, v] of Object.entries(m.fromTarget)) fromTarget[k] = v;
  }
  return { toTarget, fromTarget };
}

/** Inverts a map: the canonical id a target name stands for, or `undefined`. */
export function resolveTargetName(map: NameMap, targetName: string): string | undefined {
  expectNameMap(map, 'map');
  if (typeof targetName !== 'string') return undefined;
  return Object.hasOwn(map.fromTarget, targetName) ? map.fromTarget[targetName] : undefined;
}

function expectNameMap(map: unknown, argument: string): asserts map is NameMap {
  if (!isPlainObject(map) || !isPlainObject(map.toTarget) || !isPlainObject(map.fromTarget))
    throw new InvalidArgumentError(argument, 'a name map {toTarget, fromTarget}', map);
}
