import { describe, expect, it } from 'vitest';
import { A2AAuthError, A2ACardError } from '../errors.js';
import { applyAuth, readRequirements, readScheme } from './security.js';

describe('card security', () => {
  it('reads v1.0 and v0.3 scheme shapes alike', () => {
    expect(readScheme({ httpAuthSecurityScheme: { scheme: 'Bearer' } }, '')).toEqual({
      kind: 'http',
      scheme: 'bearer',
    });
    expect(readScheme({ type: 'http', scheme: 'basic' }, '')).toEqual({ kind: 'http', scheme: 'basic' });
    expect(readScheme({ type: 'apiKey', in: 'query', name: 'key' }, '')).toEqual({
      kind: 'apiKey',
      location: 'query',
      name: 'key',
    });
    expect(readScheme({ oauth2SecurityScheme: { flows: {} } }, '')).toEqual({ kind: 'oauth2' });
    expect(readScheme({ type: 'mutualTLS' }, '')).toEqual({ kind: 'mtls' });
    expect(() => readScheme({ type: 'apiKey', in: 'body', name: 'k' }, '/x')).toThrow(A2ACardError);
    expect(() => readScheme({ type: 'apiKey', in: 'header', name: 'bad name\r\n' }, '/x')).toThrow(
      A2ACardError,
    );
    expect(readRequirements({ security: [{ a: [] }, { b: ['s'], c: [] }] })).toEqual([['a'], ['b', 'c']]);
    expect(readRequirements({ securityRequirements: [{ schemes: { a: { list: [] } } }] })).toEqual([['a']]);
  });

  it('picks the first alternative the credentials satisfy and sends exactly its credentials', () => {
    const schemes = {
      key: { kind: 'apiKey', location: 'query', name: 'api_key' },
      bearer: { kind: 'http', scheme: 'bearer' },
      cookie: { kind: 'apiKey', location: 'cookie', name: 'sid' },
    } as const;
    expect(applyAuth(schemes, [['key'], ['bearer']], { bearer: 't' })).toEqual({
      headers: { authorization: 'Bearer t' },
      query: {},
    });
    expect(applyAuth(schemes, [['key']], { apiKey: 'k' })).toEqual({ headers: {}, query: { api_key: 'k' } });
    expect(applyAuth(schemes, [['cookie', 'bearer']], { apiKey: 'a b', bearer: 't' }).headers).toEqual({
      cookie: 'sid=a%20b',
      authorization: 'Bearer t',
    });
    expect(() => applyAuth(schemes, [['cookie', 'bearer']], { bearer: 't' })).toThrow(A2AAuthError);
    expect(() => applyAuth({ m: { kind: 'mtls' } }, [['m']], { bearer: 't' })).toThrow(/mtls/);
    expect(applyAuth({ m: { kind: 'mtls' } }, [['m']], { satisfies: ['m'] })).toEqual({
      headers: {},
      query: {},
    });
    expect(() => applyAuth({}, [['undeclared']], { bearer: 't' })).toThrow(/undeclared scheme/);
  });
});
