import type { ServerCallContext } from '@a2a-js/sdk/server';
import type { A2APrincipal } from './principal.js';

/** Key of the authenticated principal in the SDK's per-call state. Set by the HTTP layer only. */
export const PRINCIPAL_KEY = 'toolarsenal.principal';

export function principalOf(context: ServerCallContext): A2APrincipal {
  const principal = context.state.get(PRINCIPAL_KEY);
  // Every request passes through the HTTP layer, which always sets it; anonymous otherwise.
  return (principal as A2APrincipal | undefined) ?? {};
}
