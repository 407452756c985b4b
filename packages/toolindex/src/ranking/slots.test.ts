import { defineTool } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { HOSTILE_SLOT_TEXT } from '../test-fixtures/hostile-text.js';
import { describe, expect, it } from 'vitest';
import { createIndex } from '../tool-index.js';
import { querySlots, slotMatch, toolSlots } from './slots.js';

const schema = (properties: Record<string, unknown>) => ({ type: 'object', properties });

describe('slots', () => {
  it('recognises the typed values a request carries', () => {
    expect(querySlots('games on 2022-04-15')).toBe(querySlots('games on April 15, 2022'));
    expect(querySlots('games on 2022-04-15')).not.toBe(0);
    const ip = querySlots('my IP is 193.114.112.1');
    const coords = querySlots('at 48.8567, 2.3508');
    const email = querySlots('mail jane@example.org');
    const url = querySlots('see https://example.org/a');
    const language = querySlots('answer in English');
    const all = [ip, coords, email, url, language, querySlots('on 2022-04-15')];
    expect(new Set(all).size).toBe(all.length);
    expect(querySlots('at latitude 41.5 and longitude -72.7')).toBe(coords);
    expect(querySlots('book a table for two tonight')).toBe(0);
  });

  it('lets a full date fill year/month/day parameters and a date parameter take a year or month', () => {
    const split = toolSlots(schema({ day: {}, month: {}, year: {} }));
    expect(slotMatch(querySlots('games on 2022-04-15'), split)).toBe(1);
    expect(slotMatch(querySlots('games on April 15, 2022'), split)).toBe(1);
    const dated = toolSlots(schema({ date: {} }));
    expect(slotMatch(querySlots('sales in 2019'), dated)).toBe(1);
    expect(slotMatch(querySlots('sales in March'), dated)).toBe(1);
    expect(slotMatch(querySlots('sales in 2019'), toolSlots(schema({ month: {} })))).toBe(0);
  });

  it.each([
    ['sales figures for 2019', { year: { type: 'integer' } }],
    ['the rainfall in March', { month: { type: 'string' } }],
    ['show page 3 of the results', { page: { type: 'integer' } }],
    ['stores near zip code 10001', { zipcode: { type: 'string' } }],
    ['departures from IATA code AMS', { code: { type: 'string', description: 'Airport IATA code' } }],
    ['holidays for country code IT', { country: { type: 'string' } }],
    ['convert $100 to yen', { from: { type: 'string', description: 'Source currency' } }],
  ])('matches %j to a parameter of its kind', (query, properties) => {
    const mask = querySlots(query);
    expect(mask).not.toBe(0);
    expect(slotMatch(mask, toolSlots(schema(properties)))).toBe(1);
    expect(slotMatch(mask, toolSlots(schema({ text: { type: 'string' } })))).toBe(0);
  });

  it('reads the kinds a tool takes from parameter names and descriptions', () => {
    const mask = toolSlots(
      schema({
        start_date: { type: 'string' },
        ipAddress: { type: 'string' },
        q: { type: 'string', description: 'Latitude and longitude, e.g. 48.8,2.3' },
      }),
    );
    expect(slotMatch(querySlots('from 2023-01-01'), mask)).toBe(1);
    expect(slotMatch(querySlots('for 10.0.0.1'), mask)).toBe(1);
    expect(slotMatch(querySlots('at 48.8567, 2.3508'), mask)).toBe(1);
    expect(slotMatch(querySlots('mail jane@example.org'), mask)).toBe(0);
    // date (with its year and month) is covered, e-mail is not: 3 of 4 kinds.
    expect(slotMatch(querySlots('on 2023-01-01 mail jane@example.org'), mask)).toBe(0.75);
    expect(slotMatch(0, mask)).toBeUndefined();
  });

  it('never throws and stays bounded on hostile schemas', () => {
    for (const bad of [undefined, null, 'schema', 42, [], { properties: 'x' }, { properties: [1, 2] }])
      expect(toolSlots(bad)).toBe(0);
    const proto = JSON.parse(
      '{"properties":{"__proto__":{"description":"date"},"constructor":{}}}',
    ) as unknown;
    expect(toolSlots(proto)).toBe(toolSlots(schema({ date: {} })));
    const many: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++) many[`p${i}`] = { description: 'x '.repeat(5_000) };
    many.date = {};
    expect(toolSlots(schema(many))).toBe(0); // only the first 50 parameters are read
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ maxLength: 200 }), (value, query) => {
        const mask = toolSlots(value);
        const match = slotMatch(querySlots(query), mask);
        return Number.isInteger(mask) && mask >= 0 && (match === undefined || (match >= 0 && match <= 1));
      }),
    );
    // Hostile shapes are total here; their speed (no regex backtracking blow-up) is timed in bench/hostile-text.ts.
    expect(querySlots(HOSTILE_SLOT_TEXT)).toBeGreaterThanOrEqual(0);
  });
});

describe('slots signal in ranking', () => {
  const tool = (name: string, parameter: string) =>
    defineTool({
      name,
      description: 'Weather observations for a station.',
      inputSchema: { type: 'object', properties: { [parameter]: { type: 'string' } } },
    });

  it('ranks first the tool that takes the typed value the request carries, and explains it', async () => {
    const index = createIndex();
    index.add([tool('observations_by_station', 'station'), tool('observations_by_day', 'date')]);
    const result = await index.search({
      query: 'weather observations on 2023-04-01',
      explain: true,
      minRelevance: 0,
    });
    expect(result.hits.map((h) => h.tool.name)).toEqual(['observations_by_day', 'observations_by_station']);
    expect(result.hits.map((h) => h.breakdown?.signals.slots)).toEqual([1, 0]);
  });

  it('is inactive for requests without typed values and when its weight is 0', async () => {
    const index = createIndex({ weights: { slots: 0 } });
    index.add([tool('observations_by_station', 'station'), tool('observations_by_day', 'date')]);
    const dated = await index.search({ query: 'weather observations on 2023-04-01', explain: true });
    for (const hit of dated.hits) expect(hit.breakdown?.signals.slots).toBeUndefined();
    const plain = await createIndex().search({ query: 'weather observations', explain: true });
    for (const hit of plain.hits) expect(hit.breakdown?.signals.slots).toBeUndefined();
  });
});
