import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonEqual } from './safe-json.js';
import { certainlyValidShape } from './shape-fast-check.js';
import { SAMPLE_MCP_TOOLS } from './test-fixtures/sample-mcp-tools.js';
import { createToolShape } from './tool-shape.js';

const x = (length: number) => 'x'.repeat(length);
const withSymbol = { type: 'object', [Symbol('s')]: 1 };
const withHiddenSymbol = Object.defineProperty({ type: 'object' }, Symbol('h'), { value: 1 });

const shortText = fc.constantFrom('', 'T', x(256), x(257));
const description = fc.constantFrom('', 'd', x(10), x(11)); // run with maxDescriptionLength 10 and 100,000
const schema = fc.constantFrom({}, { type: 'object' }, true, false, [], null, withSymbol, withHiddenSymbol);
const shortList = fc.constantFrom([], ['a'], ['a', 'a'], [''], [x(256)], [x(257)], Array(1_001).fill('a'));
const flag = fc.constantFrom(true, false, 'true', 0);

/** Per field: valid values and values just past each limit. */
const FIELDS: Record<string, fc.Arbitrary<unknown>> = {
  name: fc.constantFrom('read_data', 'a.b-C', '', x(128), x(129), 'a b', 'é'),
  namespace: fc.constantFrom('mcp.github', 'a', '', '.a', 'a..b', x(128), x(129)),
  version: fc.constantFrom('1.0.0', '1.0.0-beta.1', '1.0', 'v1'),
  title: shortText,
  description,
  longDescription: description,
  examples: fc.constantFrom([], [x(2_000)], [x(2_001)], Array(1_000).fill('e'), Array(1_001).fill('e'), [1]),
  tags: shortList,
  category: shortText,
  usageHints: description,
  inputSchema: schema,
  outputSchema: schema,
  source: fc.constantFrom('mcp', 'MCP', `a${x(63)}`, `a${x(64)}`, 'a:b.c-d_e', '1a'),
  sourceUri: fc.constantFrom('https://x', x(4_096), x(4_097)),
  sourceMeta: schema,
  capabilities: fc.constantFrom([], ['read_data'], ['Read'], [`a${x(63)}`], [`a${x(64)}`], ['a', 2]),
  annotations: fc.constantFrom(
    {},
    { readOnlyHint: true, title: null },
    { title: '' },
    { title: x(256), openWorldHint: null, idempotentHint: undefined },
    { title: x(257) },
    { destructiveHint: 1 },
    { foo: true },
    [],
    null,
  ),
  requiresConfirmation: flag,
  requiredScopes: shortList,
  exclusive: flag,
  takesControl: flag,
  cost: fc.constantFrom({}, { latencyMs: 1 }),
  dependencies: fc.constantFrom(
    {},
    { requires: ['a'], suggests: [] },
    { suggests: [''] },
    { conflicts: undefined },
    { requires: [x(257)] },
    { requires: 'a' },
    { other: [] },
  ),
  deprecated: flag,
  deprecationMessage: fc.constantFrom('', x(2_000), x(2_001)),
  supersededBy: shortText,
  createdAt: fc.constantFrom('2024-01-01T00:00:00Z', 'yesterday'),
  updatedAt: fc.constantFrom('2024-01-01T00:00:00Z'),
  meta: schema,
  id: fc.constantFrom('read_data', 1),
  contentHash: fc.constantFrom('sha256:0', null),
  unknownField: fc.constant(1),
};

/** Any field may also get a value of the wrong kind, or undefined (absent to zod). */
const anything = fc.constantFrom(undefined, null, 0, 1.5, 'read_data', [], {}, ['a'], true);
const fieldValue = (field: string) =>
  fc.oneof({ weight: 5, arbitrary: FIELDS[field]! }, { weight: 1, arbitrary: anything });

const input = fc
  .tuple(
    fc.option(fieldValue('name'), { freq: 10 }),
    fc.uniqueArray(fc.constantFrom(...Object.keys(FIELDS).filter((f) => f !== 'name')), { maxLength: 4 }),
  )
  .chain(([name, fields]) =>
    fc
      .record(Object.fromEntries(fields.map((field) => [field, fieldValue(field)])))
      .map((rest) => (name === null ? rest : { name, ...rest }) as Record<string, unknown>),
  );

describe('shape fast path (certainlyValidShape)', () => {
  it('never accepts what the zod shape rejects, and returns what zod returns (property)', () => {
    const shapes = new Map([10, 100_000].map((max) => [max, createToolShape(max)] as const));
    let accepted = 0;
    const runs = 4_000;
    fc.assert(
      fc.property(input, fc.constantFrom(10, 100_000), (tool, max) => {
        const fast = certainlyValidShape(tool, max);
        if (fast === undefined) return;
        accepted++;
        const zod = shapes.get(max)!.safeParse(tool);
        expect(zod.success).toBe(true);
        expect(jsonEqual(fast, zod.data)).toBe(true);
      }),
      { numRuns: runs },
    );
    // The property must not hold vacuously: a good share of inputs take the fast path.
    expect(accepted).toBeGreaterThan(runs / 20);
  });

  it('copies lists and small objects, so the caller’s later changes cannot reach the result', () => {
    const tool = { name: 'x', tags: ['a'], annotations: { readOnlyHint: true } };
    const shape = certainlyValidShape(tool, 100)!;
    expect(shape.tags).not.toBe(tool.tags);
    expect(shape.annotations).not.toBe(tool.annotations);
    expect(shape).toEqual(tool);
  });

  it('takes realistic MCP tools (so parseTool rarely needs zod)', () => {
    const fast = SAMPLE_MCP_TOOLS.filter((tool) =>
      certainlyValidShape(
        { name: tool.name, description: tool.description, inputSchema: tool.inputSchema, source: 'mcp' },
        100_000,
      ),
    );
    expect(fast).toHaveLength(SAMPLE_MCP_TOOLS.length);
  });
});
