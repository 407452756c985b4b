import { compileGlob, explainInvalidGlob, type Tool } from '@toolarsenal/toolmodel';

/** When a call must wait for a human `runner.confirm`. */
export interface ConfirmationPolicy {
  /**
   * Globs over tool names (toolmodel's `compileGlob`: `*`, `?`, `[a-z]`, `{a,b}`; case-sensitive,
   * like every tool pattern in ToolArsenal). Default `['delete_*', 'payment_*']`.
   */
  patterns?: readonly string[];
  /** Tools annotated `destructiveHint: true` need confirmation. Default true. */
  destructive?: boolean;
  /**
   * Tools without `readOnlyHint`/`destructiveHint` annotations whose name contains a destructive
   * verb (see `DESTRUCTIVE_VERBS`: `delete`, `remove`, `rm`, `drop`, `destroy`…, in any case and in
   * snake_case, kebab-case or camelCase words) need confirmation. Default true.
   */
  destructiveNames?: boolean;
  /** Token lifetime in ms. Default 300,000 (5 minutes). */
  ttlMs?: number;
  /** Pending confirmations kept at most (oldest dropped). Default 1,000. */
  maxPending?: number;
}

export const DEFAULT_CONFIRMATION_PATTERNS: readonly string[] = Object.freeze(['delete_*', 'payment_*']);

/** Words that mark a tool name as destructive when the tool carries no safety annotations. */
export const DESTRUCTIVE_VERBS: readonly string[] = Object.freeze([
  'delete',
  'del',
  'remove',
  'rm',
  'rmdir',
  'unlink',
  'drop',
  'destroy',
  'purge',
  'erase',
  'wipe',
  'truncate',
  'uninstall',
  'terminate',
  'kill',
]);
const VERBS = new Set(DESTRUCTIVE_VERBS);

/** Why `policy` is unusable (bad pattern or number), or undefined. */
export function explainInvalidConfirmationPolicy(policy: ConfirmationPolicy): string | undefined {
  for (const [i, pattern] of (policy.patterns ?? []).entries()) {
    const reason = explainInvalidGlob(pattern);
    if (reason) return `confirmation.patterns[${i}]: ${reason}`;
  }
  for (const key of ['ttlMs', 'maxPending'] as const) {
    const v = policy[key];
    if (v !== undefined && !(typeof v === 'number' && Number.isFinite(v) && v > 0))
      return `confirmation.${key} must be a positive number, got ${String(v)}`;
  }
  return undefined;
}

/** Compiles the confirmation policy once; the result answers per tool (evaluated at registration). */
export function compileConfirmationPolicy(
  policy: ConfirmationPolicy = {},
): (tool: Tool) => string | undefined {
  const patterns = policy.patterns ?? DEFAULT_CONFIRMATION_PATTERNS;
  const matchers = patterns.map((pattern) => ({ pattern, test: compileGlob(pattern) }));
  const destructive = policy.destructive ?? true;
  const destructiveNames = policy.destructiveNames ?? true;
  return (tool) => {
    if (tool.requiresConfirmation) return 'the tool requires confirmation';
    if (destructive && tool.annotations.destructiveHint === true) return 'the tool is marked destructive';
    for (const m of matchers) if (m.test(tool.name)) return `the tool name matches "${m.pattern}"`;
    if (destructiveNames && !hasSafetyHints(tool)) {
      const verb = destructiveWord(tool.name);
      if (verb !== undefined)
        return `the tool name contains "${verb}" and the tool has no safety annotations`;
    }
    return undefined;
  };
}

function hasSafetyHints(tool: Tool): boolean {
  return tool.annotations.readOnlyHint !== undefined || tool.annotations.destructiveHint !== undefined;
}

/** The first destructive verb among the name's words (`delete_all`, `bulkDelete`, `rm-rf` → delete, delete, rm). */
export function destructiveWord(name: string): string | undefined {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.find((w) => VERBS.has(w));
}
