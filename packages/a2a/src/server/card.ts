import { AgentCard, type AgentInterface } from '@a2a-js/sdk';
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3';
import { TOOL_SCHEMA_EXTENSION_URI } from '../shared/tool-schema-extension.js';
import type { A2AServerCard } from './server.js';
import { DEFAULT_MODES } from './skills.js';

function interfacesFor(base: string, rpcPath: string): AgentInterface[] {
  return duplicateInterfacesForLegacy(
    [{ url: new URL(rpcPath, base).href, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
    ['JSONRPC'],
  );
}

/**
 * The agent card without its skills (added as JSON by the caller): a v1.0 JSON-RPC interface and
 * its v0.3 mirror, streaming on, push notifications off, and the skills' schemas in ToolArsenal's
 * (optional) extension.
 */
export function buildCard(
  info: A2AServerCard,
  schemas: Record<string, unknown>,
  base: string,
  rpcPath: string,
): AgentCard {
  const json: Record<string, unknown> = {
    name: info.name,
    description: info.description,
    version: info.version ?? '1.0.0',
    supportedInterfaces: interfacesFor(base, rpcPath).map((i) => ({ ...i })),
    capabilities: {
      streaming: true,
      pushNotifications: false,
      extensions: [
        {
          uri: TOOL_SCHEMA_EXTENSION_URI,
          description: 'JSON Schemas and behaviour hints of the skills (ToolArsenal).',
          required: false,
          params: { skills: schemas },
        },
      ],
    },
    defaultInputModes: [...DEFAULT_MODES.inputModes],
    defaultOutputModes: [...DEFAULT_MODES.outputModes],
  };
  if (info.provider) json.provider = info.provider;
  if (info.documentationUrl) json.documentationUrl = info.documentationUrl;
  if (info.iconUrl) json.iconUrl = info.iconUrl;
  if (info.securitySchemes) json.securitySchemes = info.securitySchemes;
  if (info.securityRequirements) json.securityRequirements = info.securityRequirements;
  return AgentCard.fromJSON(json);
}
