import { prng } from './corpus.js';

/** Where the request sits among the other requests that pad it. */
export type PadPosition = 'first' | 'last' | 'middle';

/**
 * Agent-sized requests for the bench: each request surrounded by other requests of the same set (in a fixed
 * pseudo-random order) until it is `chars` characters long — the shape of a task description or a conversation
 * summary that mentions several things, only one of which the gold tools serve. The request comes first (a
 * task stated, then context), last (context, then the ask) or in the middle (no position to go by).
 */
export function padRequests(
  queries: readonly string[],
  chars: number,
  position: PadPosition = 'first',
  seed = 11,
): string[] {
  const random = prng(seed);
  const other = () => queries[Math.floor(random() * queries.length)]!;
  return queries.map((query) => {
    if (position === 'first') {
      let text = query;
      while (text.length < chars) text += ` ${other()}`;
      return text.slice(0, chars);
    }
    if (position === 'last') {
      let text = query;
      while (text.length < chars) text = `${other()} ${text}`;
      return text.slice(text.length - chars);
    }
    const side = Math.max(0, Math.floor((chars - query.length) / 2));
    let before = '';
    let after = '';
    while (before.length < side) before = `${other()} ${before}`;
    while (after.length < side) after += ` ${other()}`;
    return `${before.slice(before.length - side)}${query}${after}`.slice(0, chars);
  });
}
