import { describe, expect, it } from 'vitest';
import { check, type Dialect, DialectMismatchError, namespaceFromField, type Violation } from './index.js';

const rules = (v: Violation[]) => v.map((x) => `${x.pointer} ${x.rule}`);

/** One tool per dialect carrying the same (possibly broken) schema. */
function inEveryDialect(schema: unknown): Array<[Dialect, unknown, { strict?: boolean }]> {
  return [
    ['mcp', { name: 'x', inputSchema: schema }, {}],
    ['openai-chat', { type: 'function', function: { name: 'x', parameters: schema } }, {}],
    ['openai-chat', { type: 'function', function: { name: 'x', strict: true, parameters: schema } }, {}],
    ['openai-responses', { type: 'function', name: 'x', parameters: schema, strict: false }, {}],
    ['anthropic', { name: 'x', input_schema: schema }, {}],
    ['anthropic', { name: 'x', input_schema: schema, strict: true }, {}],
    ['gemini', { name: 'x', parameters: schema }, {}],
    ['gemini-json', { name: 'x', parametersJsonSchema: schema }, {}],
    ['langchain', { name: 'x', description: 'd', schema }, {}],
  ];
}

describe('check: the schema must be valid JSON Schema before any provider rule', () => {
  it('reproduction of issue 15: a misspelt type under OpenAI strict fails', () => {
    const value = {
      type: 'function',
      function: {
        name: 'x',
        strict: true,
        parameters: {
          type: 'object',
          properties: { a: { type: 'strin' } },
          required: ['a'],
          additionalProperties: false,
        },
      },
    };
    expect(rules(check(value, 'openai-chat', { strict: true }))).toEqual([
      '/function/parameters/properties/a/type json-schema.invalid',
    ]);
    expect(check(value, 'openai-chat')[0]?.message).toMatch(
      /^Invalid schema for function 'x': not valid JSON Schema 2020-12: "type" must be equal to one of the allowed values/,
    );
  });

  const broken: Array<[string, unknown, string, string]> = [
    [
      'a misspelt type',
      { type: 'object', properties: { a: { type: 'strin' } } },
      '/properties/a/type',
      'json-schema.invalid',
    ],
    [
      'a non-numeric minimum',
      { type: 'object', properties: { a: { type: 'number', minimum: 'one' } } },
      '/properties/a/minimum',
      'json-schema.invalid',
    ],
    [
      'an invalid regex',
      { type: 'object', properties: { a: { type: 'string', pattern: '([' } } },
      '/properties/a/pattern',
      'json-schema.pattern',
    ],
    [
      'a dangling $ref',
      { type: 'object', properties: { a: { $ref: '#/$defs/gone' } } },
      '/properties/a/$ref',
      'json-schema.unresolved-ref',
    ],
    [
      'a $ref cycle without structure',
      {
        type: 'object',
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } },
      },
      '/$defs/B/$ref',
      'json-schema.ref-cycle',
    ],
    [
      'an empty enum (Discord in issue 15)',
      { type: 'object', properties: { a: { type: 'string', enum: [] } } },
      '/properties/a/enum',
      'json-schema.empty-enum',
    ],
  ];
  for (const [what, schema, at, rule] of broken)
    it(`${what} fails in every dialect`, () => {
      for (const [dialect, value, options] of inEveryDialect(schema)) {
        const base =
          dialect === 'mcp'
            ? '/inputSchema'
            : dialect === 'openai-chat'
              ? '/function/parameters'
              : dialect === 'anthropic'
                ? '/input_schema'
                : dialect === 'gemini' || dialect === 'openai-responses'
                  ? '/parameters'
                  : dialect === 'gemini-json'
                    ? '/parametersJsonSchema'
                    : '/schema';
        expect(rules(check(value, dialect, options)), `${dialect} ${JSON.stringify(value)}`).toContain(
          `${base}${at} ${rule}`,
        );
      }
    });

  it('reads older drafts as toolmodel normalises them (draft-07 definitions, tuple items)', () => {
    const draft7 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { a: { $ref: '#/definitions/A' }, t: { type: 'array', items: [{ type: 'string' }] } },
      definitions: { A: { type: 'string' } },
    };
    expect(check({ name: 'x', inputSchema: draft7 }, 'mcp')).toEqual([]);
  });
});

describe('check: fields the provider does not know', () => {
  it('a Gemini declaration carrying an MCP inputSchema is a violation', () => {
    const value = {
      name: 'x',
      parameters: { type: 'object', properties: { a: { type: 'string' } } },
      inputSchema: {},
    };
    expect(check(value, 'gemini')).toEqual([
      {
        pointer: '/inputSchema',
        rule: 'gemini.unknown-field',
        message: `Invalid JSON payload received. Unknown name "inputSchema" at 'tools[0].function_declarations[0]': Cannot find field.`,
      },
    ]);
  });

  it('every dialect names the unknown field in its own words', () => {
    const cases: Array<[Dialect, unknown, string, string]> = [
      [
        'openai-chat',
        { type: 'function', function: { name: 'x', input_schema: {} } },
        '/function/input_schema',
        "Unknown parameter: 'tools[0].function.input_schema'.",
      ],
      [
        'openai-chat',
        { type: 'function', function: { name: 'x' }, extra: 1 },
        '/extra',
        "Unknown parameter: 'tools[0].extra'.",
      ],
      [
        'openai-responses',
        { type: 'function', name: 'x', parameters: { type: 'object' }, strict: false, schema: {} },
        '/schema',
        "Unknown parameter: 'tools[0].schema'.",
      ],
      [
        'anthropic',
        { name: 'x', input_schema: { type: 'object' }, parameters: {} },
        '/parameters',
        'tools.0.custom.parameters: Extra inputs are not permitted',
      ],
      [
        'mcp',
        { name: 'x', inputSchema: { type: 'object' }, parameters: {} },
        '/parameters',
        `"parameters" is not a field of an MCP tool (another dialect's schema field; MCP's is inputSchema)`,
      ],
      [
        'langchain',
        { name: 'x', description: '', schema: { type: 'object' }, inputSchema: {} },
        '/inputSchema',
        expect.stringContaining('"inputSchema" is not a field of a LangChain tool') as unknown as string,
      ],
    ];
    for (const [dialect, value, pointer, message] of cases)
      expect(check(value, dialect), dialect).toEqual([
        { pointer, rule: expect.stringMatching(/\.unknown-field$/), message },
      ]);
  });
});

describe('check: input that is not in the named dialect', () => {
  const mcpDocument = { tools: [{ name: 'a', inputSchema: { type: 'object' } }] };

  it('an MCP tools.json checked as gemini or gemini-json is a mismatch that says what it looks like', () => {
    for (const dialect of ['gemini', 'gemini-json', 'openai-chat', 'anthropic'] as const) {
      let error: unknown;
      try {
        check(mcpDocument, dialect);
      } catch (e) {
        error = e;
      }
      expect(DialectMismatchError.isInstance(error), dialect).toBe(true);
      const mismatch = error as DialectMismatchError;
      expect(mismatch.code).toBe('DIALECT_MISMATCH');
      expect(mismatch.expected).toBe(dialect);
      expect(mismatch.looksLike).toEqual(['mcp']);
      expect(mismatch.pointer).toBe('/tools/0');
    }
  });

  it('documents of other dialects, as a whole, are mismatches too', () => {
    const gemini = [{ functionDeclarations: [{ name: 'f', parameters: { type: 'object' } }] }];
    expect(() => check(gemini, 'mcp')).toThrow(DialectMismatchError);
    const openapi = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} };
    expect(() => check(openapi, 'mcp')).toThrow(/looks like openapi-operation/);
    const chat = [{ type: 'function', function: { name: 'f' } }];
    expect(() => check(chat, 'openai-responses')).toThrow(/looks like openai-chat/);
  });

  it('a tool in the dialect, even a broken one, is checked (violations, not a mismatch)', () => {
    expect(rules(check({ name: 'x' }, 'mcp'))).toEqual(['/inputSchema mcp.input-schema.object']);
    expect(check({ name: 'x', parametersJsonSchema: { type: 'object' } }, 'gemini')).toEqual([]);
  });
});

describe('check: catalogues', () => {
  const rows = [
    { server: 'alpha', tool: { name: 'search', inputSchema: { type: 'object' } } },
    { server: 'beta', tool: { name: 'search', inputSchema: { type: 'object' } } },
  ];

  it('reads catalogue rows through their wrapper, pointing into the row', () => {
    const broken = [{ server: 'a', tool: { name: 'x', inputSchema: { type: 'strin' } } }];
    expect(rules(check(broken, 'mcp'))).toEqual([
      '/0/tool/inputSchema mcp.input-schema.object',
      '/0/tool/inputSchema/type json-schema.invalid',
    ]);
  });

  it('flags the same name twice, unless a namespace tells the servers apart', () => {
    expect(rules(check(rows, 'mcp'))).toEqual(['/1/tool/name document.duplicate-name']);
    expect(check(rows, 'mcp', { namespace: namespaceFromField('server') })).toEqual([]);
    const same = [rows[0], rows[0]];
    expect(rules(check(same, 'mcp', { namespace: namespaceFromField('server') }))).toEqual([
      '/1/tool/name document.duplicate-name',
    ]);
  });

  it('an A2A skill is identified by its id: display names may repeat, ids may not', () => {
    const skill = (id: string, name: string) => ({ id, name, description: `${name}.`, tags: ['t'] });
    expect(
      check({ skills: [skill('list_a', 'List items'), skill('list_b', 'List items')] }, 'a2a-skill'),
    ).toEqual([]);
    expect(
      rules(
        check({ skills: [skill('list_a', 'List items'), skill('list_a', 'List all items')] }, 'a2a-skill'),
      ),
    ).toEqual(['/skills/1/id document.duplicate-name']);
  });

  it('applies the safety limits per definition, and a larger bound to the whole document', () => {
    const tool = (i: number) => ({
      name: `t${i}`,
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`p${k}`, { type: 'string' }])),
      },
    });
    const many = { tools: Array.from({ length: 50 }, (_, i) => tool(i)) };
    // 2,200 values in all, 44 per tool: a per-definition bound of 100 values passes every tool.
    expect(check(many, 'mcp', { definitionLimits: { maxNodes: 100 } })).toEqual([]);
    expect(rules(check(many, 'mcp', { definitionLimits: { maxNodes: 30 } }))).toHaveLength(50);
    expect(rules(check(many, 'mcp', { documentLimits: { maxNodes: 1_000 } }))).toEqual([
      '/tools/22/inputSchema/properties/p1/type input.unsafe-json',
    ]);
  });
});
