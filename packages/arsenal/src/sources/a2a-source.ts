import { connectAgent } from '@toolarsenal/a2a';
import { createSafeFetch } from '@toolarsenal/net';
import type { SourceConfig } from '../config/schema.js';
import type { Loaded } from './loaded-source.js';

/**
 * An A2A agent's skills as tools (`@toolarsenal/a2a`): its card is fetched and checked on each
 * attempt. Without `allowedHosts`, only the card URL's host is reached, on public addresses only
 * (as for MCP and OpenAPI URL sources): a loopback or private agent must be listed exactly.
 */
export async function loadAgent(
  config: SourceConfig,
  namespace: string,
  signal: AbortSignal,
): Promise<Loaded> {
  const a = config.a2a!;
  const fetch =
    a.allowedHosts === undefined
      ? createSafeFetch({ allowedHosts: [new URL(a.cardUrl).host], trustExactHosts: false })
      : undefined;
  let agent;
  try {
    agent = await connectAgent({
      cardUrl: a.cardUrl,
      namespace,
      signal,
      ...(a.allowedHosts
        ? { allowedHosts: a.allowedHosts }
        : { fetch: fetch as unknown as typeof globalThis.fetch }),
      ...(a.streaming !== undefined && { streaming: a.streaming }),
      ...(a.auth && { auth: a.auth }),
    });
  } catch (error) {
    await fetch?.close();
    throw error;
  }
  return { tools: agent.tools, executor: agent.executor, ...(fetch && { close: () => fetch.close() }) };
}
