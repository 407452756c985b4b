import { beforeAll, describe, expect, it } from 'vitest';
import { toCanonical } from './index.js';
import { type CorpusTool, convert, loadCorpusTools, TARGET_CONFIGS } from './test-fixtures/corpus-tools.js';

const NAME_MAP_FIELDS = new Set(['/namespace', '/version']);

/** Proof (c): wherever a conversion reports no loss, reading it back gives the same tool. */
/**
 * Tools converted without loss (`lossless`) or with only namespace/version in the name map
 * (`viaNameMap`), per target: the namespaced corpus tools carry their namespace in the name map.
 */
const LOSSLESS: Record<string, { lossless: number; viaNameMap: number }> = {
  mcp: { lossless: 527, viaNameMap: 0 },
  'openai-chat': { lossless: 0, viaNameMap: 379 },
  'openai-chat strict': { lossless: 0, viaNameMap: 65 },
  'openai-responses': { lossless: 0, viaNameMap: 379 },
  'openai-responses strict': { lossless: 0, viaNameMap: 65 },
  anthropic: { lossless: 0, viaNameMap: 379 },
  'anthropic strict': { lossless: 0, viaNameMap: 103 },
  gemini: { lossless: 0, viaNameMap: 206 },
  'gemini-json': { lossless: 0, viaNameMap: 483 },
  langchain: { lossless: 0, viaNameMap: 379 },
  'a2a-skill': { lossless: 0, viaNameMap: 0 },
  'openapi-operation': { lossless: 527, viaNameMap: 0 },
};

describe('corpus proof (c): lossless round trips', () => {
  let corpus: CorpusTool[] = [];
  beforeAll(() => {
    corpus = loadCorpusTools();
  });

  for (const config of TARGET_CONFIGS) {
    it(`${config.label}: toCanonical(fromCanonical(t)) equals t whenever losses is empty`, () => {
      let lossless = 0;
      let viaNameMap = 0;
      const mismatches: string[] = [];
      for (const { tool } of corpus) {
        const conversion = convert(tool, config);
        // Namespace and version travel in the name map; with it, dropping them is not a loss.
        const rest = conversion.losses.filter((l) => !NAME_MAP_FIELDS.has(l.pointer));
        if (rest.length > 0) continue;
        if (conversion.losses.length === 0) lossless++;
        else viaNameMap++;
        const { tools } = toCanonical(conversion.value, config.dialect, { names: conversion.names });
        const back = tools[0];
        // The content hash covers every field a model sees or that changes behaviour.
        if (tools.length !== 1 || back?.contentHash !== tool.contentHash)
          mismatches.push(`${tool.id} → ${back?.id}: ${JSON.stringify(back?.inputSchema).slice(0, 160)}`);
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
      // mcp and openapi-operation carry everything; no corpus tool takes A2A's single message.
      expect({ lossless, viaNameMap }, config.label).toEqual(LOSSLESS[config.label]);
    });
  }
});
