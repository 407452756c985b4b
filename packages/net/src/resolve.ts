import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { NetError } from './errors.js';
import type { HostPolicy } from './host-policy.js';
import { privateAddressError } from './host-policy.js';

/** Resolves a host name to its addresses (default: the system resolver, `dns.lookup` with `all`). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses);
    });
  });

/**
 * Resolves `hostname` and checks every address against the policy: one private address among
 * public ones refuses the host (an attacker controlling DNS could otherwise pick which one is used).
 */
export async function resolveChecked(
  hostname: string,
  policy: HostPolicy,
  resolver: Resolver,
): Promise<LookupAddress[]> {
  let addresses: LookupAddress[];
  try {
    addresses = await resolver(hostname);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new NetError(
      'NET_DNS_FAILED',
      `could not resolve "${hostname}"${typeof code === 'string' ? ` (${code})` : ''}`,
      {
        cause: error,
      },
    );
  }
  if (!Array.isArray(addresses) || addresses.length === 0)
    throw new NetError('NET_DNS_FAILED', `"${hostname}" resolved to no address`);
  for (const entry of addresses) {
    const verdict = policy.addressAllowed(hostname, entry.address);
    if (!verdict.allowed) throw privateAddressError(hostname, entry.address, verdict.kind);
  }
  return addresses;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `net.connect` (given to undici's Agent as `connect.lookup`): the socket connects
 * to exactly the addresses that were checked, so a second DNS answer cannot slip a private
 * address in between the check and the connection (DNS rebinding).
 */
export function pinnedLookup(policy: HostPolicy, resolver: Resolver) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ) => {
    resolveChecked(hostname, policy, resolver).then(
      (addresses) => {
        const family = Number(options.family) || 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0) {
          callback(new NetError('NET_DNS_FAILED', `"${hostname}" has no IPv${family} address`), '');
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
