import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeValue } from './percent-encode.js';
import { serialiseCookie, serialiseHeader, serialisePath, serialiseQuery } from './serialize.js';

// The OpenAPI 3.1 "Style Examples" table: color = "blue" / ["blue","black","brown"] / {R:100,G:200,B:150}.
const string = 'blue';
const array = ['blue', 'black', 'brown'];
const object = { R: 100, G: 200, B: 150 };

describe('path styles (OpenAPI 3.1 style examples)', () => {
  it.each([
    ['simple', false, 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
    ['simple', true, 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
    ['label', false, '.blue', '.blue,black,brown', '.R,100,G,200,B,150'],
    ['label', true, '.blue', '.blue.black.brown', '.R=100.G=200.B=150'],
    ['matrix', false, ';color=blue', ';color=blue,black,brown', ';color=R,100,G,200,B,150'],
    ['matrix', true, ';color=blue', ';color=blue;color=black;color=brown', ';R=100;G=200;B=150'],
  ] as const)('%s explode=%s', (style, explode, s, a, o) => {
    expect(serialisePath('color', string, { style, explode })).toBe(s);
    expect(serialisePath('color', array, { style, explode })).toBe(a);
    expect(serialisePath('color', object, { style, explode })).toBe(o);
  });

  it('empty values: label ".", matrix ";color"', () => {
    expect(serialisePath('color', '', { style: 'label', explode: false })).toBe('.');
    expect(serialisePath('color', '', { style: 'matrix', explode: false })).toBe(';color');
  });

  it('percent-encodes everything but unreserved characters, also "/" and reserved ones', () => {
    expect(serialisePath('p', 'a/b c?d#e%f', { style: 'simple', explode: false })).toBe(
      'a%2Fb%20c%3Fd%23e%25f',
    );
    expect(serialisePath('p', "it's (x)*!", { style: 'simple', explode: false })).toBe(
      'it%27s%20%28x%29%2A%21',
    );
    expect(serialisePath('p', 'é☃', { style: 'simple', explode: false })).toBe('%C3%A9%E2%98%83');
  });
});

describe('query styles (OpenAPI 3.1 style examples)', () => {
  it.each([
    ['form', false, 'color=blue', 'color=blue,black,brown', 'color=R,100,G,200,B,150'],
    ['form', true, 'color=blue', 'color=blue&color=black&color=brown', 'R=100&G=200&B=150'],
    [
      'spaceDelimited',
      false,
      'color=blue',
      'color=blue%20black%20brown',
      'color=R%20100%20G%20200%20B%20150',
    ],
    ['pipeDelimited', false, 'color=blue', 'color=blue|black|brown', 'color=R|100|G|200|B|150'],
  ] as const)('%s explode=%s', (style, explode, s, a, o) => {
    expect(serialiseQuery('color', string, { style, explode }).join('&')).toBe(s);
    expect(serialiseQuery('color', array, { style, explode }).join('&')).toBe(a);
    expect(serialiseQuery('color', object, { style, explode }).join('&')).toBe(o);
  });

  it('deepObject: color[R]=100&color[G]=200&color[B]=150, nested objects and arrays by key and index', () => {
    expect(serialiseQuery('color', object, { style: 'deepObject', explode: true }).join('&')).toBe(
      'color[R]=100&color[G]=200&color[B]=150',
    );
    expect(
      serialiseQuery('items', [{ price: 'p_1', qty: 2 }], { style: 'deepObject', explode: true }).join('&'),
    ).toBe('items[0][price]=p_1&items[0][qty]=2');
    expect(serialiseQuery('metadata', { 'a b': 'c&d' }, { style: 'deepObject', explode: true })).toEqual([
      'metadata[a%20b]=c%26d',
    ]);
  });

  it('empty string sends "color=", an empty array nothing, null an empty value', () => {
    expect(serialiseQuery('color', '', { style: 'form', explode: true })).toEqual(['color=']);
    expect(serialiseQuery('color', [], { style: 'form', explode: true })).toEqual([]);
    expect(serialiseQuery('color', null, { style: 'form', explode: true })).toEqual(['color=']);
  });

  it('reserved characters are encoded unless allowReserved; "#" always is', () => {
    expect(serialiseQuery('q', 'a/b?c=d&e', { style: 'form', explode: true })).toEqual([
      'q=a%2Fb%3Fc%3Dd%26e',
    ]);
    expect(
      serialiseQuery('q', 'a/b?c=d&e:[x]#', { style: 'form', explode: true, allowReserved: true }),
    ).toEqual(['q=a/b?c=d&e:[x]%23']);
    expect(serialiseQuery('q', 'a b%', { style: 'form', explode: true, allowReserved: true })).toEqual([
      'q=a%20b%25',
    ]);
  });

  it('content parameters carry JSON text', () => {
    expect(
      serialiseQuery(
        'filter',
        { a: [1, 'x'] },
        { style: 'form', explode: true, contentType: 'application/json' },
      ),
    ).toEqual(['filter=%7B%22a%22%3A%5B1%2C%22x%22%5D%7D']);
  });

  it('percent-encoding round-trips for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const [pair] = serialiseQuery('v', value, { style: 'form', explode: true });
        expect(decodeURIComponent(pair!.slice(2))).toBe(value);
        expect(pair!.slice(2)).toMatch(/^[A-Za-z0-9\-._~%]*$/);
        expect(decodeURIComponent(encodeValue(value, true))).toBe(value);
      }),
    );
  });
});

describe('header and cookie styles', () => {
  it('headers: simple, not percent-encoded', () => {
    expect(serialiseHeader(string, { style: 'simple', explode: false })).toBe('blue');
    expect(serialiseHeader(array, { style: 'simple', explode: false })).toBe('blue,black,brown');
    expect(serialiseHeader(object, { style: 'simple', explode: false })).toBe('R,100,G,200,B,150');
    expect(serialiseHeader(object, { style: 'simple', explode: true })).toBe('R=100,G=200,B=150');
  });

  it('cookies: form', () => {
    expect(serialiseCookie('color', string, { style: 'form', explode: true })).toEqual(['color=blue']);
    expect(serialiseCookie('color', array, { style: 'form', explode: false })).toEqual([
      'color=blue,black,brown',
    ]);
    expect(serialiseCookie('color', array, { style: 'form', explode: true })).toEqual([
      'color=blue',
      'color=black',
      'color=brown',
    ]);
    expect(serialiseCookie('color', object, { style: 'form', explode: true })).toEqual([
      'R=100',
      'G=200',
      'B=150',
    ]);
    expect(serialiseCookie('s', 'a; b=c', { style: 'form', explode: true })).toEqual(['s=a%3B%20b%3Dc']);
  });
});
