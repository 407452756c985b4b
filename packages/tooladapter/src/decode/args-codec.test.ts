import { describe, expect, it } from 'vitest';
import { createArgsCodec } from './args-codec.js';

const lowered = {
  type: 'object',
  properties: {
    q: { type: 'string' },
    limit: { type: ['integer', 'null'], description: '@optional' },
    maybe: { anyOf: [{ type: 'string' }, { type: 'null' }], description: '@optional "nullable"' },
    level: { type: 'string', format: 'enum', enum: ['1', '2', 'true'], description: '@enum [1,2,true]' },
    meta: { type: 'string', description: '@contentMediaType "application/json"\n@schema {"type":"object"}' },
    list: { type: 'array', items: { $ref: '#/$defs/Item' } },
  },
  required: ['q', 'limit', 'maybe', 'level', 'meta', 'list'],
  additionalProperties: false,
  $defs: {
    Item: {
      type: 'object',
      properties: { n: { type: ['number', 'null'], description: '@optional' } },
      required: ['n'],
    },
  },
};

describe('createArgsCodec', () => {
  const codec = createArgsCodec(lowered);

  it('decodes strict nulls, string enums, JSON stand-ins and follows $ref', () => {
    const fromModel = {
      q: 'x',
      limit: null,
      maybe: null,
      level: 'true',
      meta: '{"a":[1]}',
      list: [{ n: null }, { n: 2 }],
    };
    expect(codec.decode(fromModel)).toEqual({ q: 'x', level: true, meta: { a: [1] }, list: [{}, { n: 2 }] });
  });

  it('encodes canonical arguments the way a model must send them', () => {
    expect(codec.encode({ q: 'x', level: 2, meta: { a: 1 }, list: [{}] })).toEqual({
      q: 'x',
      limit: null,
      maybe: null,
      level: '2',
      meta: '{"a":1}',
      list: [{ n: null }],
    });
  });

  it('passes odd input through for validation to report, without throwing', () => {
    expect(codec.decode('not an object')).toBe('not an object');
    expect(codec.decode({ meta: '{not json', level: 'zzz' })).toEqual({ meta: '{not json', level: 'zzz' });
    const hostile = JSON.parse('{"__proto__":{"polluted":1},"q":"x","meta":"{\\"__proto__\\":{}}"}');
    const out = codec.decode(hostile) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['q', 'meta']);
    expect(out.meta).toBe('{"__proto__":{}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
