import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PORTABLE_NAME_PATTERN, ToolNamer } from './naming.js';

describe('ToolNamer', () => {
  it('keeps valid operationIds as they are', () => {
    const namer = new ToolNamer();
    expect(namer.name('listPets', 'get', '/pets')).toEqual({
      name: 'listPets',
      operationId: 'listPets',
      method: 'get',
      path: '/pets',
      reasons: [],
    });
  });

  it('sanitises the operationIds real documents use', () => {
    const namer = new ToolNamer();
    expect(namer.name('find pet by id', 'get', '/pets/{id}').name).toBe('find_pet_by_id');
    expect(namer.name('delete\\PetById', 'get', '/a').name).toBe('delete_PetById');
    expect(namer.name('deletePetBy"Id', 'post', '/a').name).toBe('deletePetBy_Id');
    const yml = namer.name('monitoring_get_appRestartCountMetrics.yml', 'get', '/b');
    expect(yml).toMatchObject({ name: 'monitoring_get_appRestartCountMetrics_yml', reasons: ['sanitised'] });
  });

  it('shortens names over 64 characters with a hash of the original, so distinct ids stay distinct', () => {
    const namer = new ToolNamer();
    const long = 'DeleteCustomersCustomerSubscriptionsSubscriptionExposedIdDiscount';
    const a = namer.name(long, 'delete', '/x');
    const b = namer.name(`${long}2`, 'delete', '/y');
    expect(a.name.length).toBeLessThanOrEqual(64);
    expect(a.name).toMatch(/^DeleteCustomersCustomerSubscriptionsSubscriptionExposed_[0-9a-f]{8}$/);
    expect(a.reasons).toEqual(['truncated']);
    expect(a.operationId).toBe(long);
    expect(b.name).not.toBe(a.name);
  });

  it('derives names from method and path when there is no operationId', () => {
    const namer = new ToolNamer();
    expect(namer.name(undefined, 'get', '/3dsecure/{id}')).toMatchObject({
      name: 'get_3dsecure_by_id',
      reasons: ['derived'],
    });
    expect(namer.name('', 'post', '/')).toMatchObject({ name: 'post', reasons: ['derived'] });
  });

  it('deduplicates collisions with numeric suffixes', () => {
    const namer = new ToolNamer();
    expect(namer.name('users', 'get', '/users').name).toBe('users');
    expect(namer.name('users', 'post', '/users').name).toBe('users_2');
    expect(namer.name('users 2', 'put', '/users').name).toBe('users_2_2');
  });

  it('always yields unique portable names, whatever the input (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.string({ maxLength: 150 }), { nil: undefined }), { maxLength: 40 }),
        fc.constantFrom('get', 'post', 'delete'),
        (ids, method) => {
          const namer = new ToolNamer();
          const names = ids.map((id, i) => namer.name(id, method, `/p/{x}/${i % 3}`).name);
          for (const n of names) expect(n).toMatch(PORTABLE_NAME_PATTERN);
          expect(new Set(names).size).toBe(names.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});
