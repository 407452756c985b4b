import { canonicalJson, createAjv, type Tool } from '@toolarsenal/toolmodel';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CorpusTool,
  convert,
  EXACT_TARGETS,
  loadCorpusTools,
  loweredArgumentSchema,
  sampleValidArgs,
  semanticRoundTrip,
  TARGET_CONFIGS,
} from './test-fixtures/corpus-tools.js';

const SAMPLES_PER_TOOL = 4;

type ValidateFunction = ReturnType<ReturnType<typeof createAjv>['compile']>;

/**
 * Proof (b): arguments valid for the original schema, encoded as a model produces them against
 * the lowered schema, decode back to the originals and still validate. 100% for mcp, openai
 * non-strict, anthropic and gemini-json; every exception elsewhere is covered by a listed loss.
 */
describe('corpus proof (b): semantic round trip of arguments', () => {
  let corpus: Array<CorpusTool & { samples: unknown[] }> = [];
  beforeAll(() => {
    corpus = loadCorpusTools().map((c, i) => ({
      ...c,
      samples: sampleValidArgs(c.tool, SAMPLES_PER_TOOL, 1000 + i),
    }));
  }, 120_000);

  it('generates valid arguments for every one of the 527 tools', () => {
    const withoutSamples = corpus.filter((c) => c.samples.length === 0).map((c) => c.tool.id);
    expect(withoutSamples).toEqual([]);
    const total = corpus.reduce((n, c) => n + c.samples.length, 0);
    // Samples failing the original schema are discarded (seeded, so the count is exact): 1 of 2,108.
    expect(total).toBe(2_107);
  });

  it('encoded arguments satisfy the lowered schema the model sees, in every target', () => {
    const ajv = createAjv({ validateFormats: true });
    // Many targets lower a schema identically: compile each distinct schema once.
    const compiled = new Map<string, ValidateFunction>();
    const validatorOf = (schema: unknown): ValidateFunction => {
      const key = canonicalJson(schema);
      let fn = compiled.get(key);
      if (!fn) {
        fn = ajv.compile(schema as object);
        compiled.set(key, fn);
      }
      return fn;
    };
    for (const config of TARGET_CONFIGS) {
      const invalid: string[] = [];
      for (const { tool, samples } of corpus) {
        const conversion = convert(tool, config);
        const schema = loweredArgumentSchema(config.dialect, conversion.value);
        expect(schema, config.label).toBeDefined();
        const validate = validatorOf(schema);
        for (const args of samples)
          if (!validate(JSON.parse(JSON.stringify(conversion.encodeArgs(args)))))
            invalid.push(`${config.label} ${tool.id}: ${ajv.errorsText(validate.errors)}`);
      }
      expect(invalid.slice(0, 5)).toEqual([]);
    }
  });

  for (const config of TARGET_CONFIGS) {
    const exact = EXACT_TARGETS.has(config.dialect) && config.strict !== true;
    it(`${config.label}: ${exact ? '100% round trip' : 'every failure explained by a listed loss'}`, () => {
      let ok = 0;
      const unexplained: string[] = [];
      const failed: Array<{ tool: Tool; reason: string }> = [];
      for (const { tool, samples } of corpus) {
        const conversion = convert(tool, config);
        const outcome = semanticRoundTrip(tool, conversion, samples);
        if (outcome.ok) {
          ok++;
          continue;
        }
        failed.push({ tool, reason: outcome.failure?.reason ?? '' });
        // An exception is explained when the conversion reported changing the input schema.
        if (!conversion.losses.some((l) => l.pointer.startsWith('/inputSchema') && l.action !== 'restored'))
          unexplained.push(
            `${tool.id}: ${outcome.failure?.reason} ${JSON.stringify(outcome.failure?.args)?.slice(0, 200)}`,
          );
      }
      expect(unexplained).toEqual([]);
      if (exact) {
        expect(failed.map((f) => `${f.tool.id}: ${f.reason}`).slice(0, 5)).toEqual([]);
        expect(ok).toBe(527);
      } else {
        expect(ok + failed.length).toBe(527);
      }
    });
  }
});
