/** A token as the word table hands it out: one object per distinct token, shared by the words that stem to it. */
export interface Token {
  readonly text: string;
  /** Scratch for one pass over a request (see `nextStamp`): the pass that last saw the token, and its id there. */
  stamp: number;
  local: number;
  /** The token's catalogue weight as last looked up (see `cachedWeight`), and the key it was looked up under. */
  weightKey: number;
  weight: number;
}

/**
 * Memo of ASCII words → their index token (stemmed, or `null` for a stop word), looked up by the characters of a
 * span of the text, lower-cased on the fly, without slicing it. Tokenising is the hot path of indexing and of long
 * requests, and the words of a language repeat: after the first sight of a word, turning it into a token costs a
 * hash over its characters and one comparison, with no string allocated. Open addressing over a power-of-two
 * table that grows up to `MAX_SLOTS` and is cleared when full (bounded memory, like any cache).
 */

const INITIAL_SLOTS = 1 << 12;
const MAX_SLOTS = 1 << 17;

let slots = INITIAL_SLOTS;
let hashes = new Int32Array(slots);
let words: (string | undefined)[] = new Array<string | undefined>(slots).fill(undefined);
let tokens: (Token | null)[] = new Array<Token | null>(slots).fill(null);
/** Token objects by text, so words with one stem share one (and unicode-path tokens find theirs). */
const byText = new Map<string, Token>();
let stamp = 0;
let used = 0;

/** Slot of the word, or the empty slot where it would go (`words[slot] === undefined`). */
function probe(text: string, start: number, end: number, hash: number): number {
  const mask = slots - 1;
  const length = end - start;
  for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
    const word = words[slot];
    if (word === undefined) return slot;
    if (hashes[slot] === hash && word.length === length && sameLower(word, text, start)) return slot;
  }
}

function sameLower(word: string, text: string, start: number): boolean {
  for (let i = 0; i < word.length; i++) {
    let c = text.charCodeAt(start + i);
    if (c >= 65 && c <= 90) c += 32;
    if (word.charCodeAt(i) !== c) return false;
  }
  return true;
}

/**
 * The memoised token of the word at `text[start, end)`: a string, `null` (a stop word), or `undefined` when it
 * has not been seen yet (then `remember` it).
 */
export function knownToken(text: string, start: number, end: number, hash: number): Token | null | undefined {
  const slot = probe(text, start, end, hash);
  return words[slot] === undefined ? undefined : tokens[slot]!;
}

/** Memoises the token of a lower-case word (`null`: a stop word) and returns its token object. */
export function remember(word: string, hash: number, text: string | null): Token | null {
  const token = text === null ? null : tokenOf(text);
  if (used * 2 >= slots) {
    if (slots < MAX_SLOTS) rehash(slots * 2);
    else clear();
  }
  const slot = probe(word, 0, word.length, hash);
  if (words[slot] !== undefined) return token;
  words[slot] = word;
  hashes[slot] = hash;
  tokens[slot] = token;
  used++;
  return token;
}

/** The shared object of a token text (a new one once the memo is cleared: stamps then start afresh). */
export function tokenOf(text: string): Token {
  let token = byText.get(text);
  if (token === undefined) {
    if (byText.size >= MAX_SLOTS) clear();
    token = { text, stamp: 0, local: 0, weightKey: 0, weight: 0 };
    byText.set(text, token);
  }
  return token;
}

/** A fresh stamp for one synchronous pass over a request: a token's `local` is valid while `stamp` matches. */
export function nextStamp(): number {
  stamp = (stamp + 1) | 0;
  return stamp;
}

function rehash(size: number): void {
  const oldWords = words;
  const oldHashes = hashes;
  const oldTokens = tokens;
  slots = size;
  hashes = new Int32Array(size);
  words = new Array<string | undefined>(size).fill(undefined);
  tokens = new Array<Token | null>(size).fill(null);
  const mask = size - 1;
  for (let i = 0; i < oldWords.length; i++) {
    const word = oldWords[i];
    if (word === undefined) continue;
    let slot = oldHashes[i]! & mask;
    while (words[slot] !== undefined) slot = (slot + 1) & mask;
    words[slot] = word;
    hashes[slot] = oldHashes[i]!;
    tokens[slot] = oldTokens[i]!;
  }
}

function clear(): void {
  hashes.fill(0);
  words.fill(undefined);
  tokens.fill(null);
  byText.clear();
  used = 0;
}

/**
 * The token's weight under `key` (a number naming one immutable set of catalogue statistics; 0: uncached). A long
 * request names hundreds of distinct words, and a catalogue's words repeat across requests: looking each one up
 * in the catalogue again on every request was a third of reducing one.
 */
export function cachedWeight(token: Token, key: number, weightOf: (token: string) => number): number {
  if (key === 0) return weightOf(token.text);
  if (token.weightKey !== key) {
    token.weight = weightOf(token.text);
    token.weightKey = key;
  }
  return token.weight;
}
