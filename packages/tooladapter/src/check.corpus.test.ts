import { beforeAll, describe, expect, it } from 'vitest';
import { check, fromCanonicalMany } from './index.js';
import {
  type CorpusTool,
  convert,
  loadCorpusTools,
  optionsOf,
  TARGET_CONFIGS,
} from './test-fixtures/corpus-tools.js';

/** Proof (a): every one of the 527 real MCP tools, converted to every target, passes that target's check. */
describe('corpus proof (a): converted output passes check', () => {
  let corpus: CorpusTool[] = [];
  beforeAll(() => {
    corpus = loadCorpusTools();
  });

  it('reads all 527 corpus tools through the mcp codec', () => {
    expect(corpus).toHaveLength(527);
    expect(new Set(corpus.map((c) => c.tool.id)).size).toBe(527);
  });

  for (const config of TARGET_CONFIGS) {
    it(`${config.label}: 527/527 single tools pass check`, () => {
      const failures: string[] = [];
      let passed = 0;
      for (const { tool } of corpus) {
        const { value } = convert(tool, config);
        const violations = check(value, config.dialect, optionsOf(config));
        if (violations.length === 0) passed++;
        else failures.push(`${tool.id}: ${violations.map((v) => `${v.pointer} ${v.rule}`).join('; ')}`);
      }
      expect(failures.slice(0, 5)).toEqual([]);
      expect(passed).toBe(527);
    });

    it(`${config.label}: the 527-tool document passes check`, () => {
      const many = fromCanonicalMany(
        corpus.map((c) => c.tool),
        config.dialect,
        optionsOf(config),
      );
      expect(many.tools).toHaveLength(527);
      // Collision-free names: every target name maps back to exactly one tool.
      expect(Object.keys(many.names.fromTarget)).toHaveLength(527);
      expect(check(many.value, config.dialect, optionsOf(config))).toEqual([]);
    });
  }
});
