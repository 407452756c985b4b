import { describe, expect, it } from 'vitest';
import { NetError } from './errors.js';
import { createHostPolicy } from './host-policy.js';

function refusal(fn: () => unknown): NetError {
  try {
    fn();
  } catch (error) {
    if (NetError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a NetError');
}

describe('createHostPolicy', () => {
  it('allows listed hosts, with or without a port, and refuses the rest', () => {
    const policy = createHostPolicy({
      allowedHosts: ['api.example.com', 'files.example.com:8443', '*.cdn.example.com'],
    });
    expect(() => policy.checkUrl(new URL('https://api.example.com/v1'))).not.toThrow();
    expect(() => policy.checkUrl(new URL('https://API.Example.com./v1'))).not.toThrow();
    expect(() => policy.checkUrl(new URL('http://api.example.com:8080/'))).not.toThrow();
    expect(() => policy.checkUrl(new URL('https://files.example.com:8443/x'))).not.toThrow();
    expect(refusal(() => policy.checkUrl(new URL('https://files.example.com/x'))).code).toBe(
      'NET_HOST_NOT_ALLOWED',
    );
    expect(() => policy.checkUrl(new URL('https://a.cdn.example.com/'))).not.toThrow();
    expect(refusal(() => policy.checkUrl(new URL('https://a.b.cdn.example.com/'))).code).toBe(
      'NET_HOST_NOT_ALLOWED',
    );
    expect(refusal(() => policy.checkUrl(new URL('https://api.example.com.evil.io/'))).code).toBe(
      'NET_HOST_NOT_ALLOWED',
    );
    expect(refusal(() => policy.checkUrl(new URL('https://evilapi.example.com/'))).message).toContain(
      'not in the allowed hosts',
    );
  });

  it('a port given in the entry is compared with the default port of the scheme', () => {
    const policy = createHostPolicy({ allowedHosts: ['api.example.com:443'] });
    expect(() => policy.checkUrl(new URL('https://api.example.com/'))).not.toThrow();
    expect(refusal(() => policy.checkUrl(new URL('http://api.example.com/'))).code).toBe(
      'NET_HOST_NOT_ALLOWED',
    );
  });

  it('** crosses labels', () => {
    const policy = createHostPolicy({ allowedHosts: ['**.example.com'] });
    expect(() => policy.checkUrl(new URL('https://a.b.c.example.com/'))).not.toThrow();
    expect(refusal(() => policy.checkUrl(new URL('https://example.org/'))).code).toBe('NET_HOST_NOT_ALLOWED');
  });

  it('private addresses need an exact entry; a glob never allows them', () => {
    expect(refusal(() => createHostPolicy().checkUrl(new URL('http://127.0.0.1:9/'))).code).toBe(
      'NET_PRIVATE_ADDRESS',
    );
    expect(
      refusal(() => createHostPolicy({ allowedHosts: ['127.0.0.*'] }).checkUrl(new URL('http://127.0.0.1/')))
        .code,
    ).toBe('NET_PRIVATE_ADDRESS');
    expect(() =>
      createHostPolicy({ allowedHosts: ['127.0.0.1'] }).checkUrl(new URL('http://127.0.0.1:9/')),
    ).not.toThrow();
    expect(() =>
      createHostPolicy({ allowedHosts: ['[::1]:8080'] }).checkUrl(new URL('http://[::1]:8080/')),
    ).not.toThrow();
    expect(() =>
      createHostPolicy({ allowPrivateAddresses: true }).checkUrl(new URL('http://10.0.0.1/')),
    ).not.toThrow();
    const byName = createHostPolicy({ allowedHosts: ['localhost'] });
    expect(byName.addressAllowed('localhost', '127.0.0.1').allowed).toBe(true);
    expect(byName.addressAllowed('other', '127.0.0.1')).toEqual({ allowed: false, kind: 'loopback' });
    // an entry spelled in decimal is the same host as the dotted quad URL parsing produces
    expect(() =>
      createHostPolicy({ allowedHosts: ['2130706433'] }).checkUrl(new URL('http://127.0.0.1/')),
    ).not.toThrow();
  });

  it('trustExactHosts: false keeps exact entries to public addresses (lists taken from a document)', () => {
    const policy = createHostPolicy({ allowedHosts: ['127.0.0.1', 'localhost'], trustExactHosts: false });
    expect(refusal(() => policy.checkUrl(new URL('http://127.0.0.1/'))).code).toBe('NET_PRIVATE_ADDRESS');
    expect(policy.addressAllowed('localhost', '127.0.0.1').allowed).toBe(false);
  });

  it('refuses other schemes and URLs with credentials', () => {
    const policy = createHostPolicy();
    expect(refusal(() => policy.checkUrl(new URL('file:///etc/passwd'))).code).toBe('NET_BAD_URL');
    expect(refusal(() => policy.checkUrl(new URL('ftp://example.com/'))).code).toBe('NET_BAD_URL');
    expect(refusal(() => policy.checkUrl(new URL('https://u:p@example.com/'))).code).toBe('NET_BAD_URL');
  });

  it.each([
    [[''], 'non-empty'],
    [[42], 'non-empty'],
    [['https://example.com'], 'not a URL'],
    [['example.com/path'], 'not a URL'],
    [['example.com:99999'], 'port'],
    [['example.com:x'], 'port'],
    [['::1'], 'brackets'],
    [['[a-'], 'unclosed'],
    [['exa mple.com'], 'not a URL'],
  ])('names the bad entry %j', (list, why) => {
    const error = refusal(() => createHostPolicy({ allowedHosts: list as string[] }));
    expect(error.code).toBe('NET_BAD_OPTION');
    expect(error.message).toContain('allowedHosts[0]');
    expect(error.message).toContain(why);
  });

  it('refuses allow-lists that are not arrays or too long', () => {
    expect(refusal(() => createHostPolicy({ allowedHosts: 'example.com' as unknown as string[] })).code).toBe(
      'NET_BAD_OPTION',
    );
    expect(
      refusal(() => createHostPolicy({ allowedHosts: Array.from({ length: 1001 }, (_, i) => `h${i}.com`) }))
        .message,
    ).toContain('at most 1000');
  });
});
