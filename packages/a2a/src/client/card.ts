import { AgentCard } from '@a2a-js/sdk';
import { isLegacyAgentCard, parseLegacyAgentCard } from '@a2a-js/sdk/compat/v0_3/client';
import { cloneJson, deepFreeze, inspectJson, isPlainObject, type JsonObject } from '@toolarsenal/toolmodel';
import { A2ACardError } from '../errors.js';
import { type A2ALimits, CARD_JSON_LIMITS } from '../limits.js';
import { readSkillSchemas, type SkillSchema } from '../shared/tool-schema-extension.js';
import { readRequirements, readScheme, type SecuritySchemeInfo } from './security.js';

/** Transports this client speaks (the SDK's JSON-RPC and HTTP+JSON bindings). */
const BINDINGS = new Set(['JSONRPC', 'HTTP+JSON']);

export interface CardInterface {
  url: string;
  binding: string;
  protocolVersion: string;
}

/** A validated agent card: the parts a client needs, plus the SDK's typed form. */
export interface ParsedCard {
  /** The card as received (a frozen copy). */
  readonly raw: Readonly<JsonObject>;
  readonly name: string;
  readonly description: string;
  readonly version: string;
  readonly interfaces: readonly CardInterface[];
  readonly streaming: boolean;
  readonly skills: readonly unknown[];
  readonly defaultInputModes?: string[];
  readonly defaultOutputModes?: string[];
  readonly securitySchemes: Readonly<Record<string, SecuritySchemeInfo>>;
  readonly requirements: readonly (readonly string[])[];
  readonly skillSchemas: ReadonlyMap<string, SkillSchema>;
  /** The card in the SDK's shape (v0.3 cards translated), for its client factory. */
  readonly sdkCard: AgentCard;
}

function invalid(pointer: string, message: string, cause?: unknown): never {
  throw new A2ACardError('A2A_CARD_INVALID', `invalid agent card at ${pointer || '/'}: ${message}`, {
    pointer,
    ...(cause === undefined ? {} : { cause }),
  });
}

function optionalString(card: Record<string, unknown>, key: string, max: number): string {
  const value = card[key];
  if (value === undefined) return '';
  if (typeof value !== 'string') invalid(`/${key}`, `"${key}" must be a string`);
  if (value.length > max) invalid(`/${key}`, `"${key}" is longer than ${max} characters`);
  return value;
}

function stringList(card: Record<string, unknown>, key: string): string[] | undefined {
  const value = card[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
    invalid(`/${key}`, `"${key}" must be an array of strings`);
  return [...(value as string[])];
}

function checkUrl(url: unknown, pointer: string): string {
  if (typeof url !== 'string') invalid(pointer, 'an interface URL must be a string');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    invalid(pointer, `"${url.slice(0, 200)}" is not an absolute URL`, error);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    invalid(pointer, `only http and https interfaces are supported, got ${parsed.protocol}`);
  if (parsed.username || parsed.password) invalid(pointer, 'interface URLs must not carry credentials');
  return parsed.href;
}

/** v1.0 `supportedInterfaces`, or the v0.3 `url` + `preferredTransport` + `additionalInterfaces`. */
function readInterfaces(card: Record<string, unknown>): CardInterface[] {
  const out: CardInterface[] = [];
  if (card.supportedInterfaces !== undefined) {
    if (!Array.isArray(card.supportedInterfaces))
      invalid('/supportedInterfaces', '"supportedInterfaces" must be an array');
    card.supportedInterfaces.forEach((entry, i) => {
      const p = `/supportedInterfaces/${i}`;
      if (!isPlainObject(entry)) invalid(p, 'an interface must be an object');
      const binding = typeof entry.protocolBinding === 'string' ? entry.protocolBinding.toUpperCase() : '';
      const version = typeof entry.protocolVersion === 'string' ? entry.protocolVersion : '';
      out.push({ url: checkUrl(entry.url, `${p}/url`), binding, protocolVersion: version });
    });
  } else if (card.url !== undefined) {
    const version = typeof card.protocolVersion === 'string' ? card.protocolVersion : '0.3';
    const preferred = typeof card.preferredTransport === 'string' ? card.preferredTransport : 'JSONRPC';
    out.push({ url: checkUrl(card.url, '/url'), binding: preferred.toUpperCase(), protocolVersion: version });
    if (Array.isArray(card.additionalInterfaces))
      card.additionalInterfaces.forEach((entry, i) => {
        if (!isPlainObject(entry)) return;
        const transport = typeof entry.transport === 'string' ? entry.transport.toUpperCase() : '';
        const url = checkUrl(entry.url, `/additionalInterfaces/${i}/url`);
        out.push({ url, binding: transport, protocolVersion: version });
      });
  }
  if (out.length === 0) invalid('/supportedInterfaces', 'the card declares no interface to call');
  if (!out.some((i) => BINDINGS.has(i.binding)))
    invalid(
      '/supportedInterfaces',
      `no supported transport (this client speaks ${[...BINDINGS].join(', ')}; the card offers ${out.map((i) => i.binding || '?').join(', ')})`,
    );
  return out;
}

/**
 * Validates an untrusted agent card (v1.0 or v0.3 JSON): safe, bounded JSON (no prototype-pollution
 * keys, bounded depth), required fields of the right types, at least one interface this client can
 * call, readable security declarations. Throws `A2ACardError` naming the field.
 */
export function parseAgentCard(raw: unknown, limits: Pick<A2ALimits, 'maxSkills'>): ParsedCard {
  const issues = inspectJson(raw, CARD_JSON_LIMITS);
  if (issues.length > 0) {
    const first = issues[0]!;
    invalid(first.pointer, `not plain, bounded JSON: ${first.message}`);
  }
  if (!isPlainObject(raw)) invalid('', 'an agent card must be a JSON object');
  const card = cloneJson(raw) as JsonObject;
  if (typeof card.name !== 'string' || card.name.trim() === '') invalid('/name', '"name" is required');
  if (card.name.length > 256) invalid('/name', '"name" is longer than 256 characters');
  const description = optionalString(card, 'description', 100_000);
  const version = optionalString(card, 'version', 256);
  const skills = card.skills ?? [];
  if (!Array.isArray(skills)) invalid('/skills', '"skills" must be an array');
  if (skills.length > limits.maxSkills)
    invalid('/skills', `the card lists ${skills.length} skills; at most ${limits.maxSkills} are read`);
  const interfaces = readInterfaces(card);
  const caps = card.capabilities;
  if (caps !== undefined && !isPlainObject(caps))
    invalid('/capabilities', '"capabilities" must be an object');
  const schemes: Record<string, SecuritySchemeInfo> = Object.create(null);
  if (card.securitySchemes !== undefined) {
    if (!isPlainObject(card.securitySchemes))
      invalid('/securitySchemes', '"securitySchemes" must be an object');
    for (const [name, scheme] of Object.entries(card.securitySchemes))
      schemes[name] = readScheme(scheme, `/securitySchemes/${name}`);
  }
  const requirements = readRequirements(card);
  let sdkCard: AgentCard;
  try {
    sdkCard = isLegacyAgentCard(card) ? parseLegacyAgentCard(card) : AgentCard.fromJSON(card);
  } catch (error) {
    invalid('', `the A2A SDK cannot read the card: ${(error as Error).message}`, error);
  }
  const parsed: ParsedCard = {
    raw: deepFreeze(card),
    name: card.name,
    description,
    version,
    interfaces,
    streaming: isPlainObject(caps) && caps.streaming === true,
    skills,
    securitySchemes: schemes,
    requirements,
    skillSchemas: readSkillSchemas(card),
    sdkCard,
  };
  const inputModes = stringList(card, 'defaultInputModes');
  const outputModes = stringList(card, 'defaultOutputModes');
  if (inputModes) Object.assign(parsed, { defaultInputModes: inputModes });
  if (outputModes) Object.assign(parsed, { defaultOutputModes: outputModes });
  return parsed;
}
