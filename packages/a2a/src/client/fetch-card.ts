import { AGENT_CARD_PATH } from '@a2a-js/sdk';
import { parseJsonSafely, UnsafeJsonError } from '@toolarsenal/toolmodel';
import { A2ACardError } from '../errors.js';
import { type A2ALimits, CARD_JSON_LIMITS } from '../limits.js';
import { BodyTooLargeError, readLimited } from '../shared/read-body.js';

const LEGACY_CARD_PATH = '.well-known/agent.json';

export interface FetchCardOptions {
  fetch: typeof fetch;
  headers: Record<string, string>;
  limits: Pick<A2ALimits, 'maxCardBytes' | 'cardTimeoutMs'>;
  signal?: AbortSignal | undefined;
}

/** The card URLs to try: the URL itself, or for a bare origin the well-known paths (v1.0, then v0.3). */
export function cardUrlsFor(cardUrl: string): string[] {
  let url: URL;
  try {
    url = new URL(cardUrl);
  } catch (error) {
    throw new A2ACardError(
      'A2A_CARD_UNREACHABLE',
      `cardUrl "${cardUrl.slice(0, 200)}" is not an absolute URL`,
      {
        cause: error,
      },
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new A2ACardError('A2A_CARD_UNREACHABLE', `cardUrl must be http or https, got ${url.protocol}`);
  if (url.pathname !== '/' && url.pathname !== '') return [url.href];
  return [new URL(AGENT_CARD_PATH, url).href, new URL(LEGACY_CARD_PATH, url).href];
}

/**
 * Fetches a card with a deadline and a byte limit, and parses it as safe JSON. Typed errors:
 * `A2A_CARD_UNREACHABLE` (network, status, deadline), `A2A_CARD_TOO_LARGE`, `A2A_CARD_INVALID`.
 */
export async function fetchCard(
  cardUrl: string,
  options: FetchCardOptions,
): Promise<{ raw: unknown; url: string }> {
  const urls = cardUrlsFor(cardUrl);
  for (let i = 0; i < urls.length; i++) {
    const url = urls[i]!;
    const signals = [AbortSignal.timeout(options.limits.cardTimeoutMs)];
    if (options.signal) signals.push(options.signal);
    let response: Response;
    try {
      response = await options.fetch(url, {
        headers: { accept: 'application/json', ...options.headers },
        redirect: 'error',
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      const why =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${options.limits.cardTimeoutMs} ms`
          : (error as Error).message;
      throw new A2ACardError('A2A_CARD_UNREACHABLE', `cannot fetch the agent card at ${url}: ${why}`, {
        cause: error,
      });
    }
    if (response.status === 404 && i < urls.length - 1) {
      await response.body?.cancel().catch(() => {});
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new A2ACardError(
        'A2A_CARD_UNREACHABLE',
        `cannot fetch the agent card at ${url}: HTTP ${response.status}`,
      );
    }
    const declared = Number(response.headers.get('content-length') ?? 'NaN');
    const limit = options.limits.maxCardBytes;
    if (declared > limit) {
      await response.body?.cancel().catch(() => {});
      throw new A2ACardError(
        'A2A_CARD_TOO_LARGE',
        `the agent card at ${url} is ${declared} bytes; the limit is ${limit}`,
      );
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(
        await readLimited(response.body, limit, 'the agent card'),
      );
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        throw new A2ACardError(
          'A2A_CARD_TOO_LARGE',
          `the agent card at ${url} is larger than ${limit} bytes`,
          { cause: error },
        );
      throw new A2ACardError(
        'A2A_CARD_UNREACHABLE',
        `cannot read the agent card at ${url}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    try {
      return { raw: parseJsonSafely(text, CARD_JSON_LIMITS), url };
    } catch (error) {
      if (UnsafeJsonError.isInstance(error))
        throw new A2ACardError(
          'A2A_CARD_INVALID',
          `the agent card at ${url} is not safe JSON: ${error.message}`,
          {
            pointer: error.issues[0]?.pointer ?? '',
            cause: error,
          },
        );
      throw error;
    }
  }
  throw new A2ACardError('A2A_CARD_UNREACHABLE', `no agent card found at ${cardUrl}`);
}
