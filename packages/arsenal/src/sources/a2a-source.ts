import { connectAgent } from '@toolarsenal/a2a';
import type { SourceConfig } from '../config/schema.js';
import type { Loaded } from './loaded-source.js';

/** An A2A agent's skills as tools (`@toolarsenal/a2a`): its card is fetched and checked on each attempt. */
export async function loadAgent(
  config: SourceConfig,
  namespace: string,
  signal: AbortSignal,
): Promise<Loaded> {
  const a = config.a2a!;
  const agent = await connectAgent({
    cardUrl: a.cardUrl,
    namespace,
    signal,
    ...(a.allowedHosts && { allowedHosts: a.allowedHosts }),
    ...(a.streaming !== undefined && { streaming: a.streaming }),
    ...(a.auth && { auth: a.auth }),
  });
  return { tools: agent.tools, executor: agent.executor };
}
