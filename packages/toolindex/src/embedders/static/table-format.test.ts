import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmbedderError } from '../errors.js';
import { decodeTable, encodeTable } from './table-format.js';
import { fallbackForms, staticTokens } from './tokenize.js';

const table = {
  dimensions: 3,
  rows: 2,
  words: ['weather', 'météo'],
  scales: new Float32Array([0.5, 0.25]),
  data: new Int8Array([1, -2, 127, -128, 0, 5]),
};

describe('static table format', () => {
  it('round-trips, also from an unaligned buffer', () => {
    const bytes = encodeTable(table);
    const unaligned = new Uint8Array(bytes.length + 1);
    unaligned.set(bytes, 1);
    for (const input of [bytes, unaligned.subarray(1)]) {
      const decoded = decodeTable(input, 'test');
      expect(decoded.words).toEqual(table.words);
      expect(Array.from(decoded.scales)).toEqual(Array.from(table.scales));
      expect(Array.from(decoded.data)).toEqual(Array.from(table.data));
    }
  });

  it('rejects any truncation or a bad header with EMBEDDER_ASSET_INVALID', () => {
    const bytes = encodeTable(table);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: bytes.length - 1 }), (cut) => {
        expect(() => decodeTable(bytes.subarray(0, cut), 't')).toThrow(EmbedderError);
      }),
    );
    const badMagic = Uint8Array.from(bytes);
    badMagic[0] = 0;
    expect(() => decodeTable(badMagic, 't')).toThrow(/magic/);
    const badVersion = Uint8Array.from(bytes);
    badVersion[4] = 9;
    expect(() => decodeTable(badVersion, 't')).toThrow(/version/);
  });
});

describe('staticTokens', () => {
  it('splits names and lower-cases', () => {
    expect(staticTokens('getWeatherForecast')).toEqual(['get', 'weather', 'forecast']);
    expect(staticTokens('get_weather.forecast-v2')).toEqual(['get', 'weather', 'forecast', 'v2']);
    expect(staticTokens('HTTPServer status')).toEqual(['http', 'server', 'status']);
    expect(staticTokens('海久水瓶 on page 1')).toEqual(['海久水瓶', 'on', 'page', '1']);
  });

  it('offers generic fallback forms', () => {
    expect(fallbackForms('recipes')).toContain('recipe');
    expect(fallbackForms('cities')).toContain('city');
    expect(fallbackForms('booking')).toContain('book');
    expect(fallbackForms('booked')).toContain('book');
    expect(fallbackForms('go')).toEqual([]);
  });
});
