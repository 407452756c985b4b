import { beforeAll, describe, expect, it } from 'vitest';
import { toCanonical } from './index.js';
import { type CorpusTool, convert, loadCorpusTools, TARGET_CONFIGS } from './testing/corpus-tools.js';

const NAME_MAP_FIELDS = new Set(['/namespace', '/version']);

/** Proof (c): wherever a conversion reports no loss, reading it back gives the same tool. */
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
      // mcp and openapi-operation carry everything: every corpus tool converts losslessly there.
      if (config.dialect === 'mcp' || config.dialect === 'openapi-operation') expect(lossless).toBe(527);
      // No corpus tool takes A2A's single message, so none is lossless there (see a2a-skill.test.ts).
      else if (config.dialect === 'a2a-skill') expect(lossless + viaNameMap).toBe(0);
      // Every other target converts many real tools without loss (e.g. openai-chat 379 of 527).
      else expect(lossless + viaNameMap).toBeGreaterThan(50);
    });
  }
});
