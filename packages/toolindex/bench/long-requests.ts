import { prng } from './corpus.js';

/**
 * Agent-sized requests for the bench: each request followed by other requests of the same set (in a fixed
 * pseudo-random order) until it is `chars` characters long — the shape of a task description or a conversation
 * summary that mentions several things, only one of which the gold tools serve.
 */
export function padRequests(queries: readonly string[], chars: number, seed = 11): string[] {
  const random = prng(seed);
  return queries.map((query) => {
    let text = query;
    while (text.length < chars) text += ` ${queries[Math.floor(random() * queries.length)]!}`;
    return text.slice(0, chars);
  });
}
