import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AddressClass, classifyAddress, isIpLiteral } from './address.js';
import { createHostPolicy } from './host-policy.js';
import { NetError } from './errors.js';

describe('classifyAddress', () => {
  const table: Array<[string, AddressClass]> = [
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['2001:4860:4860::8888', 'public'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:10.0.0.1]', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:7f00:1::', 'reserved'],
  ];
  it.each(table)('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
    expect(isIpLiteral(address.replace(/%.*$/, ''))).toBe(true);
  });

  it('returns undefined for names and non-canonical spellings (URL parsing canonicalises those first)', () => {
    for (const value of [
      'localhost',
      'example.com',
      '2130706433',
      '0177.0.0.1',
      '127.1',
      '',
      '[]',
      '1.2.3.4.5',
    ])
      expect(classifyAddress(value)).toBeUndefined();
  });

  it('an IPv4 address and its ::ffff: mapped form always get the same class', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(classifyAddress(`::ffff:${ip}`)).toBe(classifyAddress(ip));
      }),
    );
  });

  it('every address in 10.0.0.0/8 and 127.0.0.0/8 is refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        (a, b, c) => {
          expect(classifyAddress(`10.${a}.${b}.${c}`)).toBe('private');
          expect(classifyAddress(`127.${a}.${b}.${c}`)).toBe('loopback');
        },
      ),
    );
  });
});

describe('decimal, octal, hex and short IPv4 spellings (normalised by WHATWG URL, then checked)', () => {
  const policy = createHostPolicy();
  it.each([
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.0.0.1/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://017700000001/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/',
    'http://0/',
    'http://[::]/',
    'http://169.254.169.254./',
  ])('%s is refused', (text) => {
    const error = (() => {
      try {
        policy.checkUrl(new URL(text));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(NetError.isInstance(error)).toBe(true);
    expect((error as NetError).code).toBe('NET_PRIVATE_ADDRESS');
  });
});
