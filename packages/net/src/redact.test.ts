import { describe, expect, it } from 'vitest';
import { combineRedactors, createRedactor, REDACTED, redactHeaders, redactUrl } from './redact.js';

describe('redaction', () => {
  it('replaces secrets as written and URL-encoded, longest first', () => {
    const redact = createRedactor(['ab/c+d=', 'ab/c', undefined, 'x']);
    expect(redact('token ab/c+d= and ab%2Fc%2Bd%3D and ab%2Fc%2Bd%3D, ab/c')).toBe(
      `token ${REDACTED} and ${REDACTED} and ${REDACTED}, ${REDACTED}`,
    );
    expect(redact('x stays: too short to be a secret')).toBe('x stays: too short to be a secret');
    expect(createRedactor([])('same')).toBe('same');
  });

  it('redacts named query parameters and passwords in URLs', () => {
    expect(redactUrl('https://api.example.com/v1?api_key=s3cr3t&q=1', ['api_key'])).toBe(
      `https://api.example.com/v1?api_key=${REDACTED}&q=1`,
    );
    expect(redactUrl('https://u:pw@example.com/')).toContain(encodeURIComponent(REDACTED));
    expect(redactUrl('not a url', ['a'])).toBe('not a url');
  });

  it('redacts sensitive headers case-insensitively', () => {
    expect(
      redactHeaders({ Authorization: 'Bearer x', 'X-Api-Key': 'k', 'X-Custom': 'c', Accept: 'a' }, [
        'x-custom',
      ]),
    ).toEqual({
      Authorization: REDACTED,
      'X-Api-Key': REDACTED,
      'X-Custom': REDACTED,
      Accept: 'a',
    });
    expect(redactHeaders(new Headers({ cookie: 'a=b' }))).toEqual({ cookie: REDACTED });
  });

  it('combines redactors', () => {
    const both = combineRedactors(
      createRedactor(['first-secret']),
      undefined,
      createRedactor(['second-secret']),
    );
    expect(both('first-secret second-secret')).toBe(`${REDACTED} ${REDACTED}`);
  });
});
