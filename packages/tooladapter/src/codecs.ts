import { InvalidArgumentError } from '@toolarsenal/toolmodel';
import { CODECS } from './codec-registry.js';
import { UnknownDialectError } from './errors.js';
import {
  ANTHROPIC_NAME_RULE,
  GEMINI_NAME_RULE,
  MCP_NAME_RULE,
  type NameRule,
  OPENAI_NAME_RULE,
} from './names/name-rules.js';
import { DIALECTS, type Dialect, type DialectCodec } from './types.js';

let byDialect: Map<string, DialectCodec> | undefined;

/** True when `value` names a dialect tooladapter knows. */
export function isDialect(value: unknown): value is Dialect {
  return typeof value === 'string' && (DIALECTS as readonly string[]).includes(value);
}

/** The codec of a dialect; `UnknownDialectError` for unknown names or dialects without a codec. */
export function getCodec(dialect: string): DialectCodec {
  byDialect ??= new Map(CODECS.map((c) => [c.dialect, c]));
  const codec = byDialect.get(dialect);
  if (!codec) throw new UnknownDialectError(dialect, [...byDialect.keys()]);
  return codec;
}

/**
 * Dialects with a registered codec; with a direction, those tools can be converted to (`export`,
 * e.g. not `legacy-function`) or read from (`import`).
 */
export function availableDialects(direction?: 'import' | 'export'): Dialect[] {
  if (direction !== undefined && direction !== 'import' && direction !== 'export')
    throw new InvalidArgumentError('direction', '"import" or "export"', direction);
  return CODECS.filter(
    (c) => direction === undefined || (direction === 'export' ? c.encode : c.decode) !== undefined,
  ).map((c) => c.dialect);
}

const RULES: Partial<Record<Dialect, NameRule>> = {
  mcp: MCP_NAME_RULE,
  'openai-chat': OPENAI_NAME_RULE,
  'openai-responses': OPENAI_NAME_RULE,
  anthropic: ANTHROPIC_NAME_RULE,
  gemini: GEMINI_NAME_RULE,
  'gemini-json': GEMINI_NAME_RULE,
  langchain: MCP_NAME_RULE,
};

const defaultRules = new Map<DialectCodec, NameRule>();

/**
 * The name rule of a dialect, with `maxNameLength` (default: the codec's limit) applied; codecs
 * without a specific rule get one derived from their pattern. The default rules are built once.
 */
export function nameRuleOf(codec: DialectCodec, maxNameLength?: number): NameRule {
  if (maxNameLength === undefined) {
    let rule = defaultRules.get(codec);
    if (!rule) {
      rule = buildRule(codec, codec.limits.maxNameLength);
      defaultRules.set(codec, rule);
    }
    return rule;
  }
  return buildRule(codec, maxNameLength);
}

function buildRule(codec: DialectCodec, maxNameLength: number): NameRule {
  const known = RULES[codec.dialect];
  if (known) return { ...known, maxLength: Math.min(known.maxLength, maxNameLength) };
  return {
    pattern: codec.namePattern,
    maxLength: Math.min(maxNameLength, 128),
    invalidChar: /[^A-Za-z0-9_-]/g,
  };
}
