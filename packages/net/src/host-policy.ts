import { compileGlob, explainInvalidGlob, isGlob } from '@toolarsenal/toolmodel';
import { type AddressClass, classifyAddress } from './address.js';
import { NetError } from './errors.js';

/** Most entries a host allow-list may hold. */
export const MAX_ALLOWED_HOSTS = 1_000;

export interface HostPolicyOptions {
  /**
   * Hosts requests may go to, as `host` or `host:port`. The host part is a glob matched label by
   * label (`*.example.com` = one label, `**.example.com` = any depth); IPv6 hosts are written in
   * brackets (`[::1]:8080`). Without a port, the scheme's default port and any other port match.
   * An entry naming one host exactly (no glob) also allows that host to resolve to a private,
   * loopback or link-local address; a glob entry never does. Undefined: every host is allowed
   * (addresses are still checked).
   */
  allowedHosts?: readonly string[] | undefined;
  /**
   * Whether an exact (non-glob) entry also allows its host's private, loopback or link-local
   * addresses. Default true; set false when the list comes from an untrusted document.
   */
  trustExactHosts?: boolean | undefined;
  /** Allow every non-public address class (tests, local development). Default false. */
  allowPrivateAddresses?: boolean | undefined;
  /** URL schemes allowed. Default `['https:', 'http:']`. */
  protocols?: readonly string[] | undefined;
}

/** A decision about one URL, made before any connection and again for each resolved address. */
export interface HostPolicy {
  /** Throws NetError (`NET_BAD_URL`, `NET_HOST_NOT_ALLOWED`, `NET_PRIVATE_ADDRESS`) unless `url` may be requested. */
  checkUrl(url: URL): void;
  /** Whether `address` (an IP) may be connected to for a request to `host` (the URL's hostname). */
  addressAllowed(host: string, address: string): { allowed: boolean; kind: AddressClass };
  /** The entries as given (for messages). */
  readonly allowedHosts: readonly string[] | undefined;
}

interface Entry {
  raw: string;
  host: (value: string) => boolean;
  /** Exact, non-glob host: may reach private addresses. */
  exact: string | undefined;
  port: string | undefined;
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Builds a host policy; throws NetError `NET_BAD_OPTION` naming the bad entry. */
export function createHostPolicy(options: HostPolicyOptions = {}): HostPolicy {
  const protocols = options.protocols ?? ['https:', 'http:'];
  const entries = options.allowedHosts === undefined ? undefined : parseEntries(options.allowedHosts);
  const allowPrivate = options.allowPrivateAddresses === true;
  const trustExact = options.trustExactHosts !== false;

  const exactlyAllowed = (host: string) =>
    trustExact && (entries?.some((e) => e.exact !== undefined && e.exact === normaliseHost(host)) ?? false);

  return {
    allowedHosts: options.allowedHosts,
    checkUrl(url) {
      if (!protocols.includes(url.protocol))
        throw new NetError(
          'NET_BAD_URL',
          `scheme "${url.protocol}" is not allowed (allowed: ${protocols.join(', ')})`,
        );
      if (url.username || url.password)
        throw new NetError(
          'NET_BAD_URL',
          'URLs with credentials in them are refused; pass credentials as auth',
        );
      const host = normaliseHost(url.hostname);
      const port = url.port || DEFAULT_PORTS[url.protocol] || '';
      if (entries && !entries.some((e) => e.host(host) && (e.port === undefined || e.port === port))) {
        throw new NetError(
          'NET_HOST_NOT_ALLOWED',
          `host "${hostForMessage(host, url.port)}" is not in the allowed hosts (${entries.map((e) => e.raw).join(', ') || 'none'})`,
          { details: { host, port } },
        );
      }
      const kind = classifyAddress(host);
      if (kind !== undefined && kind !== 'public' && !allowPrivate && !exactlyAllowed(host)) {
        throw privateAddressError(host, host, kind);
      }
    },
    addressAllowed(host, address) {
      const kind = classifyAddress(address) ?? 'reserved';
      return { kind, allowed: kind === 'public' || allowPrivate || exactlyAllowed(host) };
    },
  };
}

export function privateAddressError(host: string, address: string, kind: AddressClass): NetError {
  const via = host === address ? '' : ` (resolved to ${address})`;
  return new NetError(
    'NET_PRIVATE_ADDRESS',
    `host "${host}"${via} is a ${kind} address; list it exactly in the allowed hosts to reach it`,
    { details: { host, address, kind } },
  );
}

function parseEntries(list: readonly string[]): Entry[] {
  if (!Array.isArray(list)) throw new NetError('NET_BAD_OPTION', 'allowedHosts must be an array of strings');
  if (list.length > MAX_ALLOWED_HOSTS)
    throw new NetError(
      'NET_BAD_OPTION',
      `allowedHosts has ${list.length} entries; at most ${MAX_ALLOWED_HOSTS}`,
    );
  return list.map((raw, i) => parseEntry(raw, i));
}

function parseEntry(raw: unknown, index: number): Entry {
  const bad = (why: string) =>
    new NetError('NET_BAD_OPTION', `allowedHosts[${index}] ${JSON.stringify(raw)}: ${why}`);
  if (typeof raw !== 'string' || raw.trim() === '') throw bad('must be a non-empty string');
  const text = raw.trim().toLowerCase();
  if (/[/@\s]/.test(text)) throw bad('give a host or host:port, not a URL');
  let host: string;
  let port: string | undefined;
  const bracket = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracket) {
    host = `[${bracket[1]}]`;
    port = bracket[2];
  } else {
    const colon = text.lastIndexOf(':');
    if (colon >= 0 && text.indexOf(':') !== colon) throw bad('write IPv6 hosts in brackets, e.g. [::1]:8080');
    host = colon >= 0 ? text.slice(0, colon) : text;
    port = colon >= 0 ? text.slice(colon + 1) : undefined;
  }
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) <= 65535))
    throw bad('port must be 0-65535');
  if (port !== undefined) port = String(Number(port));
  if (!host) throw bad('host is empty');
  if (!bracket && isGlob(host)) {
    const problem = explainInvalidGlob(host, { separator: '.' });
    if (problem) throw bad(problem);
    return { raw, host: compileGlob(host, { separator: '.' }), exact: undefined, port };
  }
  const exact = normaliseEntryHost(host, bad);
  return { raw, host: (value) => value === exact, exact, port };
}

/** Normalises an entry's host the way WHATWG URL normalises a request's host (IPv4 spellings, IDNA, IPv6). */
function normaliseEntryHost(host: string, bad: (why: string) => NetError): string {
  try {
    return normaliseHost(new URL(`http://${host}/`).hostname);
  } catch {
    throw bad('not a valid host name');
  }
}

/** Lower case, without IPv6 brackets and without a trailing dot. */
export function normaliseHost(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host.endsWith('.')) host = host.slice(0, -1);
  return host;
}

function hostForMessage(host: string, port: string): string {
  const shown = host.includes(':') ? `[${host}]` : host;
  return port ? `${shown}:${port}` : shown;
}
