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

/**
 * Fields of a tool object outside `known`: each is a violation (providers reject what they do not
 * know: "Unknown parameter", "Extra inputs are not permitted", "Cannot find field"), worded by
 * `message`, which gets the field name.
 */
export function checkKnownFields(
  raw: Record<string, unknown>,
  known: ReadonlySet<string>,
  pointer: string,
  out: ViolationList,
  rule: string,
  message: (key: string) => string,
): void {
  for (const key of Object.keys(raw))
    if (!known.has(key)) out.add(joinPointer(pointer, key), rule, message(key));
}

/** How a flat tool dialect (`{name, description, <schema>, …}`) words the field and name checks. */
export interface ToolFieldRules {
  /** Prefix of the rule ids: `<rule>.unknown-field`, `<rule>.name`. */
  rule: string;
  fields: ReadonlySet<string>;
  nameRule: NameRule;
  unknownField: (key: string) => string;
  badName: (maxNameLength: number) => string;
}

/** Only the dialect's fields, and a name its rule accepts within `maxNameLength`. */
export function checkFieldsAndName(
  value: Record<string, unknown>,
  rules: ToolFieldRules,
  maxNameLength: number,
  out: ViolationList,
): void {
  checkKnownFields(value, rules.fields, '', out, `${rules.rule}.unknown-field`, rules.unknownField);
  checkName(
    value.name,
    '/name',
    rules.nameRule,
    maxNameLength,
    out,
    `${rules.rule}.name`,
    rules.badName(maxNameLength),
  );
}
