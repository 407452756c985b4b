import { InvalidArgumentError, isPlainObject } from '@toolarsenal/toolmodel';

/** A target's rule for tool names; names failing `pattern` are mapped reversibly by `mapName`. */
export interface NameRule {
  /** The whole rule, e.g. OpenAI `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly pattern: RegExp;
  readonly maxLength: number;
  /** Matches one character the target does not allow (global). */
  readonly invalidChar: RegExp;
  /** Characters allowed as the first character, when stricter than the rest (Gemini). */
  readonly firstChar?: RegExp;
}

/** MCP 2025-11-25: names SHOULD be 1–128 characters of `[A-Za-z0-9_.-]`. */
export const MCP_NAME_RULE: NameRule = {
  pattern: /^[A-Za-z0-9_.-]{1,128}$/,
  maxLength: 128,
  invalidChar: /[^A-Za-z0-9_.-]/g,
};

/** OpenAI chat/Responses function names: `^[a-zA-Z0-9_-]{1,64}$` (no dots). */
export const OPENAI_NAME_RULE: NameRule = {
  pattern: /^[a-zA-Z0-9_-]{1,64}$/,
  maxLength: 64,
  invalidChar: /[^a-zA-Z0-9_-]/g,
};

/**
 * Anthropic custom tool names: `^[a-zA-Z0-9_-]{1,128}$` (the API said `{1,64}` until 2025; the
 * limit is an option, `limits.maxNameLength`).
 */
export const ANTHROPIC_NAME_RULE: NameRule = {
  pattern: /^[a-zA-Z0-9_-]{1,128}$/,
  maxLength: 128,
  invalidChar: /[^a-zA-Z0-9_-]/g,
};

/**
 * Gemini function names: start with a letter or `_`, then letters, digits, `_ . : -`, at most 64
 * characters: `^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$`.
 */
export const GEMINI_NAME_RULE: NameRule = {
  pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
  maxLength: 64,
  invalidChar: /[^a-zA-Z0-9_.:-]/g,
  firstChar: /^[a-zA-Z_]/,
};

/**
 * A name every rule above accepts (OpenAI, Anthropic, Gemini, MCP): a letter or `_` first, then
 * letters, digits, `_` and `-`, at most 64 characters — for names that must work with whichever
 * provider a framework agent is pointed at.
 */
export const PORTABLE_NAME_RULE: NameRule = {
  pattern: /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/,
  maxLength: 64,
  invalidChar: /[^a-zA-Z0-9_-]/g,
  firstChar: /^[a-zA-Z_]/,
};

/** Throws `InvalidArgumentError` unless `rule` has the shape of a `NameRule`. */
export function expectNameRule(rule: unknown): asserts rule is NameRule {
  if (
    !isPlainObject(rule) ||
    !(rule.pattern instanceof RegExp) ||
    !(rule.invalidChar instanceof RegExp) ||
    !rule.invalidChar.global ||
    typeof rule.maxLength !== 'number' ||
    !Number.isInteger(rule.maxLength) ||
    rule.maxLength < 1 ||
    (rule.firstChar !== undefined && !(rule.firstChar instanceof RegExp))
  )
    throw new InvalidArgumentError(
      'rule',
      'a name rule {pattern, maxLength, invalidChar (global), firstChar?} such as OPENAI_NAME_RULE',
      rule,
    );
}
