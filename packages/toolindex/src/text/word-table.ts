/**
 * Memo of ASCII words → their index token (stemmed, or a stop word), looked up by the characters of a span of the
 * text, lower-cased on the fly, without slicing it. Tokenising is the hot path of indexing and of long requests,
 * and the words of a language repeat: after the first sight of a word, turning it into a token costs a hash over
 * its characters and one comparison, with no string allocated. Open addressing over a power-of-two table that
 * grows up to `MAX_SLOTS` and is cleared when full (bounded memory, like any cache).
 *
 * Everything a look-up reads sits in typed arrays: a slot's hash, word and token in one 16-byte record, the word's
 * characters in a byte pool, a token's per-request scratch and cached weight in arrays indexed by token id. A long
 * request looks up a thousand or more words between searches that push these out of the CPU cache; one record
 * and one pool read per word cost far fewer cache misses than a chain of objects (slot → string → token).
 */

/** `knownToken`'s answer for a word not seen yet (then `remember` it). */
export const UNKNOWN = -2;
/** A stop word's token id: no token. */
export const STOP_WORD = -1;

const INITIAL_SLOTS = 1 << 12;
const MAX_SLOTS = 1 << 17;
/** Slot record: hash, offset of the word in `pool`, word length (0: empty slot), token id. */
const STRIDE = 4;

let slots = INITIAL_SLOTS;
let records = new Int32Array(slots * STRIDE);
/** Lower-case characters of the memoised words (ASCII: one byte each). */
let pool = new Uint8Array(slots * 8);
let poolUsed = 0;
let used = 0;

/** Token texts by id; ids by text, so words with one stem share one (and Unicode-path tokens find theirs). */
let texts: string[] = [];
const byText = new Map<string, number>();
/**
 * Per token id: the pass that last saw it and its id there (`nextStamp`), side by side (one cache line per look-up);
 * its weight and the key it is cached under.
 */
let passes = new Int32Array(INITIAL_SLOTS * 2);
let weightKeys = new Int32Array(INITIAL_SLOTS);
let weights = new Float64Array(INITIAL_SLOTS);
let stamp = 0;

/** Record offset of the word's slot, or of the empty slot where it would go (length 0). */
function probe(text: string, start: number, end: number, hash: number): number {
  const mask = slots - 1;
  const length = end - start;
  for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
    const at = slot * STRIDE;
    const size = records[at + 2]!;
    if (size === 0) return at;
    if (records[at] === hash && size === length && sameLower(records[at + 1]!, text, start, length))
      return at;
  }
}

function sameLower(offset: number, text: string, start: number, length: number): boolean {
  for (let i = 0; i < length; i++) {
    let c = text.charCodeAt(start + i);
    if (c >= 65 && c <= 90) c += 32;
    if (pool[offset + i] !== c) return false;
  }
  return true;
}

/**
 * The memoised token id of the ASCII word at `text[start, end)` (`hash`: its `wordHash`): an id, `STOP_WORD`, or
 * `UNKNOWN` when it has not been seen yet (then `remember` it).
 */
export function knownToken(text: string, start: number, end: number, hash: number): number {
  const at = probe(text, start, end, hash);
  return records[at + 2] === 0 ? UNKNOWN : records[at + 3]!;
}

/** Memoises the token of a lower-case ASCII word (`null`: a stop word) and returns its token id or `STOP_WORD`. */
export function remember(word: string, hash: number, token: string | null): number {
  if (used * 2 >= slots) {
    if (slots < MAX_SLOTS) rehash(slots * 2);
    else clear();
  }
  const id = token === null ? STOP_WORD : tokenOf(token);
  const at = probe(word, 0, word.length, hash);
  if (records[at + 2] !== 0) return id;
  if (poolUsed + word.length > pool.length) {
    const grown = new Uint8Array(Math.max(pool.length * 2, poolUsed + word.length));
    grown.set(pool.subarray(0, poolUsed));
    pool = grown;
  }
  for (let i = 0; i < word.length; i++) pool[poolUsed + i] = word.charCodeAt(i);
  records[at] = hash;
  records[at + 1] = poolUsed;
  records[at + 2] = word.length;
  records[at + 3] = id;
  poolUsed += word.length;
  used++;
  return id;
}

/** The id of a token text (a new one once the memo is cleared: stamps then start afresh). */
export function tokenOf(text: string): number {
  let id = byText.get(text);
  if (id === undefined) {
    if (byText.size >= MAX_SLOTS) clear();
    id = texts.length;
    texts.push(text);
    byText.set(text, id);
    if (id >= weights.length) growTokens(weights.length * 2);
  }
  return id;
}

/** The text of a token id. */
export function tokenText(id: number): string {
  return texts[id]!;
}

/** A fresh stamp for one synchronous pass over a request: a token's `local` is valid while its stamp matches. */
export function nextStamp(): number {
  stamp = (stamp + 1) | 0;
  return stamp;
}

/** The token's id in the pass stamped `pass` (`setLocal`), or -1 when the pass has not seen it yet. */
export function localOf(id: number, pass: number): number {
  return passes[2 * id] === pass ? passes[2 * id + 1]! : -1;
}

export function setLocal(id: number, pass: number, local: number): void {
  passes[2 * id] = pass;
  passes[2 * id + 1] = local;
}

/**
 * The token's weight under `key` (a number naming one immutable set of catalogue statistics; 0: uncached). A long
 * request names hundreds of distinct words, and a catalogue's words repeat across requests: looking each one up
 * in the catalogue again on every request was a third of reducing one.
 */
export function cachedWeight(id: number, key: number, weightOf: (token: string) => number): number {
  if (key === 0) return weightOf(texts[id]!);
  if (weightKeys[id] !== key) {
    weights[id] = weightOf(texts[id]!);
    weightKeys[id] = key;
  }
  return weights[id]!;
}

function growTokens(size: number): void {
  const grow = <T extends Int32Array | Float64Array>(old: T, next: T): T => {
    next.set(old);
    return next;
  };
  passes = grow(passes, new Int32Array(size * 2));
  weightKeys = grow(weightKeys, new Int32Array(size));
  weights = grow(weights, new Float64Array(size));
}

function rehash(size: number): void {
  const old = records;
  slots = size;
  records = new Int32Array(size * STRIDE);
  const mask = size - 1;
  for (let from = 0; from < old.length; from += STRIDE) {
    if (old[from + 2] === 0) continue;
    let slot = old[from]! & mask;
    while (records[slot * STRIDE + 2] !== 0) slot = (slot + 1) & mask;
    records.set(old.subarray(from, from + STRIDE), slot * STRIDE);
  }
}

function clear(): void {
  records.fill(0);
  poolUsed = 0;
  used = 0;
  texts = [];
  byText.clear();
  passes.fill(0);
  weightKeys.fill(0);
}
