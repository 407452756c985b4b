import { tokenize } from './tokenize.js';

/** Sentence boundaries shared by the long-request reduction and aside detection. */
export const SENTENCE_END = /(?<=[.!?])\s+|[\r\n]+|;\s*/u;

/**
 * A sentence is an aside when the catalogue knows less than this share of its IDF mass: no tool could cover
 * enough of it to be relevant at the default `minRelevance` (0.25).
 */
const ASIDE_SHARE = 0.25;
/** Distinct catalogue terms the rest of the request must name before asides are set apart. */
const MIN_KNOWN_KEPT = 2;

/**
 * Terms of a request that occur only in its asides ("The garden looked lovely after the rain." appended to
 * "refund payment 42"). Counting them against a tool's query-term coverage would make a request read as
 * irrelevant merely for carrying small talk; the long-request reduction leaves such sentences out for the same
 * reason. `weightOf` gives a token's catalogue IDF, or undefined when no tool has it (it then weighs `unseen`).
 * A request of one sentence has no asides (its unknown terms are what makes "what's the weather in Paris?"
 * irrelevant to a payments catalogue), nor has one whose other sentences name fewer than two catalogue terms.
 */
export function asideTerms(
  text: string,
  weightOf: (token: string) => number | undefined,
  unseen: number,
): ReadonlySet<string> {
  const sentences = text.split(SENTENCE_END);
  if (sentences.length < 2) return EMPTY;
  const aside = new Set<string>();
  const kept = new Set<string>();
  for (const sentence of sentences) {
    const tokens = [...new Set(tokenize(sentence))];
    let known = 0;
    let total = 0;
    for (const token of tokens) {
      const weight = weightOf(token);
      known += weight ?? 0;
      total += weight ?? unseen;
    }
    const target = total > 0 && known / total < ASIDE_SHARE ? aside : kept;
    for (const token of tokens) target.add(token);
  }
  for (const token of kept) aside.delete(token);
  // A lone known word ("…in Paris? Please look it up.") is too little to set the rest of a request aside.
  let knownKept = 0;
  for (const token of kept) if (weightOf(token) !== undefined) knownKept++;
  return knownKept >= MIN_KNOWN_KEPT ? aside : EMPTY;
}

const EMPTY: ReadonlySet<string> = new Set();
