import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPrincipal, isNormalizedPrincipal, normalizePrincipal, PrincipalError } from './principal.js';

const fieldError = (input: unknown): { field: string; message: string } => {
  try {
    normalizePrincipal(input);
  } catch (error) {
    expect(PrincipalError.isInstance(error)).toBe(true);
    expect((error as PrincipalError).code).toBe('INVALID_PRINCIPAL');
    return { field: (error as PrincipalError).field, message: (error as Error).message };
  }
  throw new Error('expected the principal to be refused');
};

describe('normalizePrincipal', () => {
  it('copies the known fields into a frozen principal and leaves absent fields absent', () => {
    const input = {
      id: 'u1',
      tenant: 'acme',
      roles: ['sre'],
      scopes: [],
      extra: 'dropped',
      capabilities: undefined,
    };
    const p = normalizePrincipal(input);
    expect(p).toEqual({ id: 'u1', tenant: 'acme', roles: ['sre'], scopes: [] });
    expect(Object.isFrozen(p)).toBe(true);
    expect(Object.isFrozen(p.roles)).toBe(true);
    expect('capabilities' in p).toBe(false);
    input.roles.push('admin');
    expect(p.roles).toEqual(['sre']);
    expect(normalizePrincipal(p)).toBe(p);
    expect(isNormalizedPrincipal(p)).toBe(true);
    expect(isNormalizedPrincipal(input)).toBe(false);
    expect(normalizePrincipal({})).toEqual({});
  });

  it('refuses every malformed shape instead of reading it as empty or by substring (issue #14)', () => {
    const cases: Array<[unknown, string]> = [
      [{ scopes: 'repo:status read:org' }, 'scopes'],
      [{ capabilities: 'nonfinancial' }, 'capabilities'],
      [{ roles: new Set(['sre']) }, 'roles'],
      [{ roles: 'sre' }, 'roles'],
      [{ tenant: ['acme'] }, 'tenant'],
      [{ tenant: 7 }, 'tenant'],
      [{ capabilities: null }, 'capabilities'],
      [{ roles: ['sre', 1] }, 'roles'],
      [{ scopes: { length: 1, 0: 'x' } }, 'scopes'],
      [{ id: { toString: () => 'admin' } }, 'id'],
      [{ exposure: ['local'] }, 'exposure'],
      [{ roles: Array.from({ length: 1_001 }, () => 'r') }, 'roles'],
      [{ id: 'x'.repeat(1_025) }, 'id'],
      [null, ''],
      ['admin', ''],
      [['sre'], ''],
    ];
    for (const [input, field] of cases) expect(fieldError(input).field).toBe(field);
    expect(fieldError({ roles: new Set(['sre']) }).message).toBe(
      'principal.roles must be an array of strings, got a Set',
    );
    expect(fieldError({ roles: ['ok', 3] }).message).toBe(
      'principal.roles[1] must be a string, got a number',
    );
    // the message names the type, never the value
    expect(fieldError({ tenant: ['secret-tenant'] }).message).not.toContain('secret');
  });

  it('ignores values inherited from a polluted Object.prototype, reads class getters once', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.roles = ['admin'];
    try {
      expect(normalizePrincipal({ id: 'u' })).toEqual({ id: 'u' });
    } finally {
      delete proto.roles;
    }
    expect(normalizePrincipal(JSON.parse('{"__proto__": {"roles": ["sre"]}}'))).toEqual({});
    let reads = 0;
    class Session {
      get roles() {
        reads++;
        return reads === 1 ? ['viewer'] : ['admin'];
      }
    }
    const p = normalizePrincipal(new Session());
    expect(p.roles).toEqual(['viewer']);
    expect(reads).toBe(1);
  });

  it('any input either normalises to exactly its string-typed fields or throws PrincipalError (property)', () => {
    const value = fc.oneof(
      fc.string(),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.array(fc.anything(), { maxLength: 3 }),
      fc.anything(),
    );
    const principal = fc.record(
      { id: value, tenant: value, roles: value, scopes: value, capabilities: value, exposure: value },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(principal, (input) => {
        let out;
        try {
          out = normalizePrincipal(input);
        } catch (error) {
          expect(PrincipalError.isInstance(error)).toBe(true);
          return;
        }
        for (const [key, v] of Object.entries(out)) {
          if (Array.isArray(v)) expect(v.every((x) => typeof x === 'string')).toBe(true);
          else expect(typeof v).toBe('string');
          expect(v).toEqual((input as Record<string, unknown>)[key]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('checkPrincipal accepts and refuses exactly what normalizePrincipal does, copying only when it must', () => {
    const plain = { id: 'u', roles: ['sre'] };
    expect(checkPrincipal(plain)).toBe(plain);
    class Session {
      get roles() {
        return ['viewer'];
      }
    }
    const copied = checkPrincipal(new Session());
    expect(copied).toEqual({ roles: ['viewer'] });
    expect(isNormalizedPrincipal(copied)).toBe(true);
    const proto = Object.prototype as Record<string, unknown>;
    proto.tenant = 'evil';
    try {
      expect(checkPrincipal({ id: 'u' })).toEqual({ id: 'u' });
    } finally {
      delete proto.tenant;
    }
    const value = fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }), fc.anything());
    fc.assert(
      fc.property(
        fc.oneof(fc.record({ id: value, roles: value, tenant: value }, { requiredKeys: [] }), fc.anything()),
        (input) => {
          const outcome = (fn: () => unknown) => {
            try {
              fn();
              return 'ok';
            } catch (error) {
              return (error as PrincipalError).field;
            }
          };
          expect(outcome(() => checkPrincipal(input))).toBe(outcome(() => normalizePrincipal(input)));
        },
      ),
      { numRuns: 500 },
    );
  });
});
