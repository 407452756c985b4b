import type { AgentCard } from '@a2a-js/sdk';
import {
  type Client,
  ClientFactory,
  JsonRpcTransportFactory,
  RestTransportFactory,
} from '@a2a-js/sdk/client';
import type { Loss } from '@toolarsenal/tooladapter';
import type { GlobMatcher, Tool } from '@toolarsenal/toolmodel';
import { A2ACardError } from '../errors.js';
import type { A2ALimits } from '../limits.js';
import { type ParsedCard, parseAgentCard } from './card.js';
import type { ConnectAgentOptions } from './connect-options.js';
import { boundedFetch, checkHost } from './http.js';
import { applyAuth } from './security.js';
import { toolsFromCard } from './skill-tools.js';

/** One version of a connected agent: its card, the SDK client bound to it, and its tools. */
export interface AgentState {
  parsed: ParsedCard;
  client: Client;
  tools: readonly Tool[];
  losses: readonly Loss[];
}

export interface StateContext {
  limits: A2ALimits;
  allowed: GlobMatcher;
  fetchImpl: typeof fetch;
  options: ConnectAgentOptions;
}

/**
 * Validates a card, checks the credentials against its security, keeps only the interfaces on
 * allowed hosts, and builds the SDK client (bounded, authenticated fetch) and the tools.
 */
export async function buildAgentState(
  raw: unknown,
  url: string | undefined,
  key: string,
  ctx: StateContext,
): Promise<AgentState> {
  const { limits, allowed, fetchImpl, options } = ctx;
  const parsed = parseAgentCard(raw, limits);
  const applied = applyAuth(parsed.securitySchemes, parsed.requirements, options.auth);
  const usable = parsed.sdkCard.supportedInterfaces.filter((i) => {
    try {
      checkHost(i.url, allowed);
      return true;
    } catch {
      return false;
    }
  });
  if (usable.length === 0) checkHost(parsed.interfaces[0]!.url, allowed); // throws A2A_HOST_NOT_ALLOWED naming the host
  const sdkCard: AgentCard = { ...parsed.sdkCard, supportedInterfaces: usable };
  const fetchForSdk = boundedFetch({
    fetch: fetchImpl,
    auth: applied,
    allowed,
    maxResponseBytes: limits.maxResponseBytes,
  });
  const factory = new ClientFactory({
    transports: [
      new JsonRpcTransportFactory({ fetchImpl: fetchForSdk, legacyCompat: { enabled: true } }),
      new RestTransportFactory({ fetchImpl: fetchForSdk, legacyCompat: { enabled: true } }),
    ],
    clientConfig: { polling: true },
    cardResolver: {
      resolve: () => Promise.reject(new Error('cards are fetched by connectAgent')),
      normalizeAgentCard: (card) => card as AgentCard,
    },
  });
  let client: Client;
  try {
    client = await factory.createFromAgentCard(sdkCard);
  } catch (error) {
    throw new A2ACardError(
      'A2A_CARD_INVALID',
      `the A2A SDK cannot use the card: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const { tools, losses } = toolsFromCard(parsed, {
    agent: key,
    ...(options.namespace !== undefined ? { namespace: options.namespace } : {}),
    ...(url !== undefined ? { sourceUri: url } : {}),
  });
  return { parsed, client, tools: Object.freeze(tools), losses: Object.freeze(losses) };
}
