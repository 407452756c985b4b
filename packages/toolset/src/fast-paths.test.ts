import { defineTool, type Tool } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileHints, HINTS, type HintName, hintsMatch } from './annotations.js';
import { compilePatterns } from './patterns.js';

// The compiled fast paths must answer exactly like the straightforward definitions.

const hintValueArb = fc.constantFrom(true, false, undefined, 'yes', 0, null);
const annotationsArb = fc.record(
  {
    readOnlyHint: hintValueArb,
    destructiveHint: hintValueArb,
    idempotentHint: hintValueArb,
    openWorldHint: hintValueArb,
  },
  { requiredKeys: [] },
);
const wantedArb = fc.uniqueArray(fc.tuple(fc.constantFrom(...HINTS), fc.boolean()), {
  selector: ([h]) => h,
  maxLength: 4,
});

describe('compileHints', () => {
  it('agrees with hintsMatch for every hint, wanted value and (odd) annotation value', () => {
    fc.assert(
      fc.property(annotationsArb, wantedArb, (annotations, wanted) => {
        const tool = { annotations } as unknown as Tool;
        const w = wanted as Array<[HintName, boolean]>;
        expect(compileHints(w)(tool)).toBe(hintsMatch(tool, w));
      }),
      { numRuns: 500 },
    );
  });
});

describe('compilePatterns.test', () => {
  const tools = [
    defineTool({ name: 'read_file', namespace: 'fs', inputSchema: { type: 'object' } }),
    defineTool({ name: 'delete_file', namespace: 'fs.v2', inputSchema: { type: 'object' } }),
    defineTool({ name: 'read_file', inputSchema: { type: 'object' } }),
    defineTool({ name: 'git_reset', namespace: 'git', version: '2.0.0', inputSchema: { type: 'object' } }),
  ];
  const patternArb = fc.constantFrom(
    'read_file',
    '*delete*',
    'fs:read_file',
    'fs*:*',
    'read_file@1.0.0',
    'git:git_reset@2.0.0',
    '*@2.*',
    'git:*',
    'nope',
  );
  it('agrees with "some single pattern matches" (which)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(patternArb, { maxLength: 5 }), (patterns) => {
        const compiled = compilePatterns(patterns);
        for (const tool of tools) expect(compiled.test(tool)).toBe(compiled.which(tool) !== undefined);
      }),
      { numRuns: 300 },
    );
  });
});
