import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toCanonical } from './index.js';
import { dumpOutcome } from './test-fixtures/canonical-dump.js';
import { loadBfclCorpus, loadMcpCorpus } from './test-fixtures/corpus.js';

const digest = (lines: string[]) => createHash('sha256').update(lines.join('\n')).digest('hex');

/**
 * Speed work on the read path (inspection, normalising copy, checks, freezing) must not change what
 * it returns: these digests pin toCanonical's output on the real corpora, key order, frozen-ness,
 * content hashes, changes and losses included. When a change is meant to alter the output, compare
 * `bench/canonical-snapshot.ts` before and after (it prints the same lines), then update the digest.
 */
describe('toCanonical output on the shared corpora', () => {
  it('the 527 MCP tools read as mcp', () => {
    const lines = loadMcpCorpus().map((row, i) => `${i} ${dumpOutcome(() => toCanonical(row.tool, 'mcp'))}`);
    expect(lines).toHaveLength(527);
    expect(digest(lines)).toBe('fa3efc055ff2c796b01c18b927e71bcff72d6980dca8794ebe7a92baa802226f');
  });

  it('the 400 BFCL functions read as legacy-function', () => {
    const lines = loadBfclCorpus().map(
      (row, i) => `${i} ${dumpOutcome(() => toCanonical(row.function, 'legacy-function'))}`,
    );
    expect(digest(lines)).toBe('478ee155f661cb4a1e6f6117ad8de28b0cc0f462a74e22a555008970dc4b7ba5');
  });
});
