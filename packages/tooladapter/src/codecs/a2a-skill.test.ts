import { defineTool, parseTool, UnsafeJsonError } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConversionError } from '../errors.js';
import {
  A2A_MESSAGE_SCHEMA,
  a2aSkillDocument,
  a2aSkillsOf,
  checkA2aSkill,
  decodeA2aSkill,
  encodeA2aSkill,
} from './a2a-skill.js';

const weather = defineTool({
  name: 'get_weather',
  title: 'Weather',
  description: 'Current weather for a city',
  tags: ['weather'],
  examples: ['weather in Paris?'],
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
    required: ['city'],
    additionalProperties: false,
  },
  outputSchema: { type: 'object', properties: { tempC: { type: 'number' } } },
  annotations: { readOnlyHint: true },
});

describe('a2a-skill codec', () => {
  it('exports a skill and lists every part the skill cannot carry', () => {
    const { value, losses } = encodeA2aSkill(weather, 'get_weather');
    expect(value).toEqual({
      id: 'get_weather',
      name: 'Weather',
      description: 'Current weather for a city',
      tags: ['weather'],
      examples: ['weather in Paris?'],
      inputModes: ['application/json'],
      outputModes: ['application/json'],
    });
    expect(checkA2aSkill(value)).toEqual([]);
    expect(losses.map((l) => l.pointer).sort()).toEqual([
      '/annotations',
      '/inputSchema',
      '/inputSchema/additionalProperties',
      '/inputSchema/properties/city',
      '/inputSchema/properties/days',
      '/inputSchema/required',
      '/outputSchema',
    ]);
    expect(losses.every((l) => l.action === 'dropped')).toBe(true);
  });

  it('carries arguments as one JSON message and decodes them back (property-based)', () => {
    const { decode, encodeArgs } = encodeA2aSkill(weather, 'get_weather');
    fc.assert(
      fc.property(
        fc.record({ city: fc.string(), days: fc.integer({ min: 1 }) }, { requiredKeys: ['city'] }),
        (args) => {
          const sent = encodeArgs(args) as { message: string };
          expect(typeof sent.message).toBe('string');
          expect(decode(sent)).toEqual(args);
        },
      ),
    );
    expect(decode({ message: 'not json' })).toEqual({ message: 'not json' });
  });

  it('imports a skill with a {message} input and round-trips it without loss', () => {
    const skill = {
      id: 'summarise',
      name: 'Summarise text',
      description: 'Summarises a document',
      tags: ['text'],
      examples: ['summarise this'],
      inputModes: ['text/plain'],
      outputModes: ['text/plain'],
      security: [{ oauth: ['read'] }],
    };
    const { input, losses } = decodeA2aSkill(skill);
    expect(losses.map((l) => l.action)).toEqual(['added']);
    const tool = parseTool(input);
    expect(tool.inputSchema).toEqual(A2A_MESSAGE_SCHEMA);
    expect(tool.title).toBe('Summarise text');
    const back = encodeA2aSkill(tool, 'summarise');
    expect(back.losses).toEqual([]);
    expect(back.value).toEqual(skill);
    expect(back.encodeArgs({ message: 'hi' })).toEqual({ message: 'hi' });
  });

  it('gives a skill id that is not a tool name back unchanged on export', () => {
    const skill = { id: 'travel/book flight', name: 'travel/book flight', description: 'Books', tags: [] };
    const { input, losses } = decodeA2aSkill(skill);
    expect(input.name).toBe('travel_book_flight');
    expect(losses.map((l) => l.action)).toEqual(['renamed', 'added']);
    const back = encodeA2aSkill(parseTool(input), input.name);
    expect(back.value).toEqual(skill);
    // A name mapped again on export (e.g. to avoid a collision) wins over the original id.
    expect(encodeA2aSkill(parseTool(input), 'other').value).toMatchObject({ id: 'other' });
  });

  it('reads a full AgentCard with its default modes', () => {
    const card = {
      name: 'Travel agent',
      description: 'Books trips',
      version: '1.0.0',
      url: 'https://agent.example',
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['application/json'],
      skills: [{ id: 'book', name: 'book', description: 'Book a flight', tags: [] }],
    };
    const { skills, defaults } = a2aSkillsOf(card);
    const { input } = decodeA2aSkill(skills[0], defaults);
    expect(input.sourceMeta).toEqual({
      a2a: { inputModes: ['text/plain'], outputModes: ['application/json'] },
    });
    expect(input.title).toBeUndefined();
    expect(a2aSkillDocument([{ id: 'x' }])).toEqual({ skills: [{ id: 'x' }] });
    expect(() => a2aSkillsOf({ name: 'no skills' })).toThrow(ConversionError);
  });

  it('rejects malformed skills with typed errors and finds violations', () => {
    expect(() => decodeA2aSkill({ name: 'x' })).toThrow(/"id"/);
    expect(() => decodeA2aSkill({ id: 'x', tags: 'a' })).toThrow(ConversionError);
    expect(() => decodeA2aSkill(JSON.parse('{"id":"x","__proto__":{}}'))).toThrow(UnsafeJsonError);
    expect(decodeA2aSkill({ id: 'weird id!' }).input.name).toBe('weird_id');
    expect(checkA2aSkill({ id: '', name: 'n', tags: [1], inputModes: ['text'] }).map((v) => v.rule)).toEqual([
      'a2a.skill.id',
      'a2a.skill.description',
      'a2a.skill.tags',
      'a2a.skill.media-type',
    ]);
  });
});
