import ipaddr from 'ipaddr.js';

/**
 * What an IP address is, for deciding whether an outbound request may reach it. `public` is the
 * only class a request goes to without an explicit allowance.
 */
export type AddressClass =
  | 'public'
  | 'private'
  | 'loopback'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'unspecified'
  | 'reserved';

/** Ranges of ipaddr.js mapped to our classes; every range not listed (and not unicast) is `reserved`. */
const RANGE_CLASS: Record<string, AddressClass> = {
  unicast: 'public',
  private: 'private',
  carrierGradeNat: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'reserved',
  reserved: 'reserved',
};

/** IPv6 ranges that carry an IPv4 address inside: the embedded address decides. */
const EMBEDS_IPV4 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052']);

/** True when `value` is an IPv4 or IPv6 literal (brackets allowed around IPv6). */
export function isIpLiteral(value: string): boolean {
  const bare = stripBrackets(value);
  return ipaddr.IPv4.isValidFourPartDecimal(bare) || ipaddr.IPv6.isValid(bare);
}

/**
 * Classifies an IP literal (`203.0.113.7`, `::1`, `[::ffff:127.0.0.1]`, `fe80::1%eth0`).
 * Only strict dotted-quad IPv4 is accepted here: other spellings (`2130706433`, `0177.0.0.1`) are
 * what WHATWG URL parsing turns into dotted quads before a host ever reaches this function.
 * Returns undefined for anything that is not an IP literal.
 */
export function classifyAddress(value: string): AddressClass | undefined {
  const bare = stripBrackets(value).replace(/%.*$/, '');
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) address = ipaddr.IPv4.parse(bare);
  else if (ipaddr.IPv6.isValid(bare)) address = ipaddr.IPv6.parse(bare);
  else return undefined;
  return classify(address);
}

function classify(address: ipaddr.IPv4 | ipaddr.IPv6): AddressClass {
  const range = address.range();
  if (address.kind() === 'ipv6' && EMBEDS_IPV4.has(range)) {
    const bytes = (address as ipaddr.IPv6).toByteArray().slice(-4);
    return classify(new ipaddr.IPv4(bytes));
  }
  return RANGE_CLASS[range] ?? 'reserved';
}

function stripBrackets(value: string): string {
  return value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
}
