import { isPlainObject, joinPointer } from '@toolarsenal/toolmodel';
import type { NameRule } from '../names/name-rules.js';
import type { ViolationList } from './violation.js';

/** Checks a tool name against a target rule; `message` is the provider's wording. */
export function checkName(
  name: unknown,
  pointer: string,
  rule: NameRule,
  maxLength: number,
  out: ViolationList,
  ruleId: string,
  message: string,
): void {
  if (typeof name !== 'string' || !rule.pattern.test(name) || name.length > maxLength)
    out.add(pointer, ruleId, message);
}

export function checkOptionalString(
  raw: Record<string, unknown>,
  key: string,
  pointer: string,
  out: ViolationList,
  rule: string,
): void {
  if (raw[key] !== undefined && typeof raw[key] !== 'string')
    out.add(joinPointer(pointer, key), rule, `${key} must be a string`);
}

export function requireObject(
  raw: unknown,
  pointer: string,
  out: ViolationList,
  rule: string,
  what: string,
): raw is Record<string, unknown> {
  if (isPlainObject(raw)) return true;
  out.add(pointer, rule, `${what} must be an object`);
  return false;
}
