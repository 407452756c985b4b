import { defineTool, walkSchema } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { check, fromCanonical, toCanonical } from '../index.js';
import type { Loose } from '../test-fixtures/context.js';

/** BioMCP's `search` (genes…), trimmed: pydantic's optional union with title and default. */
const search = defineTool({
  name: 'search',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', title: 'Query' },
      genes: {
        anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }, { type: 'null' }],
        default: null,
        title: 'Genes',
      },
      tissue: {
        anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }],
        description: 'UBERON terms',
        title: 'Tissue Types',
      },
      period: { type: ['string', 'integer'], description: 'A date or a year', minimum: 1900 },
    },
    required: ['query'],
  },
});

function anyOfNodesWithSiblings(schema: unknown): string[] {
  const found: string[] = [];
  walkSchema(schema, ({ schema: node, pointer }) => {
    if (Array.isArray(node.anyOf) && Object.keys(node).length > 1) found.push(pointer);
  });
  return found;
}

describe('gemini: anyOf alone on its node', () => {
  const conversion = fromCanonical(search, 'gemini');
  const parameters = (conversion.value as Loose).parameters;

  it('emits every anyOf alone: nullable and other constraints folded into the branches', () => {
    expect(anyOfNodesWithSiblings(parameters)).toEqual([]);
    expect(parameters.properties.genes).toEqual({
      anyOf: [
        { nullable: true, type: 'array', items: { type: 'string' } },
        { nullable: true, type: 'string' },
      ],
    });
    expect(parameters.properties.period.anyOf).toEqual([
      { minimum: 1900, type: 'string' },
      { minimum: 1900, type: 'integer' },
    ]);
    expect(check(conversion.value, 'gemini')).toEqual([]);
  });

  it("moves a property's description to the parent's, drops defaults and name-like titles, reports each", () => {
    expect(parameters.description).toBe('tissue: UBERON terms\n\nperiod: A date or a year');
    const about = (pointer: string) =>
      conversion.losses.filter((l) => l.pointer === pointer).map((l) => l.action);
    expect(about('/inputSchema/properties/tissue/description')).toEqual(['moved-to-description']);
    expect(about('/inputSchema/properties/tissue/title')).toEqual(['dropped']);
    expect(about('/inputSchema/properties/genes/default')).toEqual(['dropped']);
    expect(about('/inputSchema/properties/genes/title')).toEqual(['dropped']);
  });

  it('decodes what a model sends back to the canonical shape', () => {
    expect(conversion.decode({ query: 'q', genes: ['BRAF'], period: 2020 })).toEqual({
      query: 'q',
      genes: ['BRAF'],
      period: 2020,
    });
    // Read back: the folded `nullable` becomes a null type in each branch (same meaning).
    const back = toCanonical(conversion.value, 'gemini').tools[0]!.inputSchema as Loose;
    expect(back.properties.genes).toEqual({
      anyOf: [{ type: ['array', 'null'], items: { type: 'string' } }, { type: ['string', 'null'] }],
    });
  });

  it('check flags an anyOf with siblings in the words of the API', () => {
    const declaration = {
      name: 'f',
      parameters: { type: 'object', properties: { a: { anyOf: [{ type: 'string' }], title: 'A' } } },
    };
    expect(check(declaration, 'gemini')).toEqual([
      {
        pointer: '/parameters/properties/a/title',
        rule: 'gemini.any-of-alone',
        message:
          'parameters.properties[a]: When using any_of, it must be the only field set (found "title").',
      },
    ]);
  });
});

describe('gemini: a tool without arguments', () => {
  it('reports what the declaration (which has no parameters) leaves out, not a lowering of the root', () => {
    const noArgs = defineTool({
      name: 'now',
      description: 'Current time',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    });
    const conversion = fromCanonical(noArgs, 'gemini');
    expect(conversion.value).toEqual({ name: 'now', description: 'Current time' });
    expect(conversion.losses).toEqual([
      {
        pointer: '/inputSchema/additionalProperties',
        keyword: 'additionalProperties',
        action: 'dropped',
        detail:
          'the declaration has no parameters (Gemini rejects an OBJECT schema without properties), so the tool takes no arguments there',
      },
    ]);
    expect(conversion.decode({})).toEqual({});
  });
});

describe('gemini: an anyOf node with properties and an annotated anyOf property', () => {
  it('lifts the property annotation before folding the properties into the branches', () => {
    const tool = defineTool({
      name: 'upload',
      inputSchema: {
        type: 'object',
        properties: {
          body: {
            type: 'object',
            properties: {
              strategy: { anyOf: [{ type: 'string' }, { type: 'integer' }], description: 'How to chunk' },
            },
            anyOf: [{ required: ['strategy'] }, { properties: { other: { type: 'string' } } }],
          },
        },
      },
    });
    const conversion = fromCanonical(tool, 'gemini');
    expect(check(conversion.value, 'gemini')).toEqual([]);
    expect(anyOfNodesWithSiblings((conversion.value as Loose).parameters)).toEqual([]);
    // The body's properties are folded into both branches (united with the second's), none dropped.
    expect(conversion.losses.filter((l) => l.action === 'dropped' && l.keyword !== 'title')).toEqual([]);
    expect(Object.keys((conversion.value as Loose).parameters.properties.body.anyOf[1].properties)).toEqual([
      'strategy',
      'other',
    ]);
  });
});

describe('gemini: nested anyOf with a null branch', () => {
  it('passes nullable down to the branches of the inner anyOf', () => {
    const tool = defineTool({
      name: 'compact',
      inputSchema: {
        type: 'object',
        properties: {
          model: {
            anyOf: [
              { anyOf: [{ type: 'string' }, { type: 'integer' }] },
              { type: 'boolean' },
              { type: 'null' },
            ],
          },
        },
      },
    });
    const conversion = fromCanonical(tool, 'gemini');
    expect(check(conversion.value, 'gemini')).toEqual([]);
    expect((conversion.value as Loose).parameters.properties.model).toEqual({
      anyOf: [
        {
          anyOf: [
            { nullable: true, type: 'string' },
            { nullable: true, type: 'integer' },
          ],
        },
        { nullable: true, type: 'boolean' },
      ],
    });
  });
});
