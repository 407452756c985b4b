import type { Capability, ToolAnnotations } from '@toolarsenal/toolmodel';

export interface Behaviour {
  capabilities: Capability[];
  annotations: ToolAnnotations;
  requiresConfirmation: boolean;
}

/**
 * Conservative safety facts from the HTTP method alone: GET/HEAD read, POST/PUT/PATCH write,
 * DELETE deletes (and needs confirmation); every operation reaches an external API over the network.
 */
export function inferBehaviour(method: string): Behaviour {
  const m = method.toLowerCase();
  const capabilities: Capability[] = [];
  const annotations: ToolAnnotations = { openWorldHint: true };
  if (m === 'get' || m === 'head') {
    capabilities.push('read_data');
    annotations.readOnlyHint = true;
    annotations.idempotentHint = true;
  } else if (m === 'post' || m === 'put' || m === 'patch') {
    capabilities.push('write_data');
    annotations.readOnlyHint = false;
    if (m === 'put') annotations.idempotentHint = true;
  } else if (m === 'delete') {
    capabilities.push('delete_data');
    annotations.readOnlyHint = false;
    annotations.destructiveHint = true;
    annotations.idempotentHint = true;
  }
  capabilities.push('network_access', 'external_api');
  return { capabilities, annotations, requiresConfirmation: m === 'delete' };
}
