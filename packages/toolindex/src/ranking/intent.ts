import { stem } from '../text/stem.js';
import { tokenize } from '../text/tokenize.js';

/** Coarse task intents from the routing design, each with the verbs/nouns that signal it. */
export const INTENT_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  data_query: ['query', 'search', 'get', 'list', 'fetch', 'read', 'find', 'lookup', 'show'],
  data_mutation: ['create', 'update', 'delete', 'write', 'modify', 'add', 'remove', 'edit', 'set'],
  analysis: ['analyze', 'analyse', 'compute', 'aggregate', 'calculate', 'report', 'statistic', 'summarize'],
  communication: ['email', 'message', 'notify', 'slack', 'send', 'chat', 'post', 'reply'],
  file_operations: ['file', 'upload', 'download', 'convert', 'export', 'import', 'directory', 'folder'],
  customer_support: ['ticket', 'refund', 'support', 'customer', 'complaint', 'issue'],
  admin: ['user', 'permission', 'setting', 'config', 'admin', 'role', 'account'],
};

export type TaskIntent = keyof typeof INTENT_KEYWORDS | 'unknown' | (string & {});

const STEMMED: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(INTENT_KEYWORDS).map(([intent, words]) => [intent, new Set(words.map((w) => stem(w)))]),
);

/** Keyword intent classifier: the intent whose keywords occur most in the text, else `unknown`. */
export function classifyIntent(text: string): TaskIntent {
  const tokens = tokenize(text);
  let best: TaskIntent = 'unknown';
  let bestCount = 0;
  for (const [intent, words] of STEMMED) {
    let count = 0;
    for (const t of tokens) if (words.has(t)) count++;
    if (count > bestCount) {
      best = intent;
      bestCount = count;
    }
  }
  return best;
}

/** Stemmed keywords of an intent (empty for unknown or custom intents without a keyword list). */
export function intentKeywords(intent: TaskIntent): ReadonlySet<string> {
  return STEMMED.get(intent) ?? new Set();
}

/**
 * How well a tool matches an intent: 1 when its name carries an intent keyword, 0.5 when only its
 * description or tags do, 0 otherwise. Custom intents match tools tagged with the intent name.
 */
export function intentMatch(
  intent: TaskIntent,
  nameTokens: readonly string[],
  otherTokens: readonly string[],
): number {
  const keywords = intentKeywords(intent);
  const custom = keywords.size === 0 ? new Set(tokenize(intent)) : keywords;
  if (custom.size === 0) return 0;
  if (nameTokens.some((t) => custom.has(t))) return 1;
  if (otherTokens.some((t) => custom.has(t))) return 0.5;
  return 0;
}
