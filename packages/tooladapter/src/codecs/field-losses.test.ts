import { defineTool, type Tool } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXTRA_TOOL_FIELDS, extraToolFields, fieldLosses } from './shared.js';

const word = fc.stringMatching(/^[a-z]{1,6}$/);
const words = fc.array(word, { maxLength: 2 });
const toolWithExtras: fc.Arbitrary<Tool> = fc
  .record(
    {
      namespace: word,
      version: fc.constantFrom('1.0.0', '2.1.0'),
      longDescription: fc.constantFrom('', 'more'),
      examples: words,
      tags: words,
      category: word,
      usageHints: word,
      capabilities: words,
      requiresConfirmation: fc.boolean(),
      requiredScopes: words,
      exclusive: fc.boolean(),
      takesControl: fc.boolean(),
      dependencies: fc.record({ requires: words, suggests: words, conflicts: words }, { requiredKeys: [] }),
      deprecated: fc.boolean(),
      deprecationMessage: word,
      supersededBy: word,
      title: word,
    },
    { requiredKeys: [] },
  )
  .chain((extras) =>
    // Most real tools set none or one (catalogue tools: the namespace): keep all, the first, none,
    // or the first and one other of the generated fields.
    fc.integer({ min: 0, max: 20 }).map((keep) => {
      const entries = Object.entries(extras);
      const kept =
        keep === 0
          ? entries
          : keep === 1
            ? entries.slice(0, 1)
            : keep === 2
              ? []
              : entries.filter((_, i) => i === 0 || i === keep - 2);
      return defineTool({ name: 'tool', ...Object.fromEntries(kept) });
    }),
  );

/** The documented rule, field by field: set when it differs from the canonical default. */
function referenceSet(tool: Tool): string[] {
  return EXTRA_TOOL_FIELDS.filter((field) => {
    const value = tool[field] as unknown;
    if (value === undefined || value === false) return false;
    if (field === 'version') return value !== '1.0.0';
    if (Array.isArray(value)) return value.length > 0;
    if (field === 'dependencies') {
      const d = value as Tool['dependencies'];
      return d.requires.length + d.suggests.length + d.conflicts.length > 0;
    }
    return true;
  });
}

describe('extra tool fields', () => {
  it('fast path for tools with no extra field set: the same losses and fields as the field-by-field rule (property)', () => {
    fc.assert(
      fc.property(toolWithExtras, (tool) => {
        const set = referenceSet(tool);
        expect(Object.keys(extraToolFields(tool))).toEqual(set);
        expect(
          fieldLosses(tool, 'Gemini', new Set())
            .map((l) => l.keyword)
            .filter((k) => (EXTRA_TOOL_FIELDS as readonly string[]).includes(k)),
        ).toEqual(set);
        expect(
          fieldLosses(tool, 'Gemini', new Set(['namespace']))
            .map((l) => l.keyword)
            .filter((k) => (EXTRA_TOOL_FIELDS as readonly string[]).includes(k)),
        ).toEqual(set.filter((field) => field !== 'namespace'));
      }),
      { numRuns: 300 },
    );
  });
});
