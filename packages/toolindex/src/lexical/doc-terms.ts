import { tokenize } from '../text/tokenize.js';
import { FIELDS, type FieldTexts } from '../tool-text.js';
import type { Vocabulary } from './vocabulary.js';

/** One document's term statistics, tokenised once and kept until its content hash changes. */
export interface DocTerms {
  /** Distinct term ids, ascending. */
  readonly terms: Uint32Array;
  /** Term frequency per field: `tf[i * FIELD_COUNT + f]` for `terms[i]` in field `f`. */
  readonly tf: Uint16Array;
  /** Token count per field. */
  readonly lengths: Uint32Array;
}

export const FIELD_COUNT = FIELDS.length;
const MAX_TF = 65535;

export function buildDocTerms(fields: FieldTexts, vocabulary: Vocabulary): DocTerms {
  // Flat arrays instead of one small typed array per term: indexing allocates little.
  const position = new Map<number, number>();
  const ids: number[] = [];
  const counts: number[] = [];
  const lengths = new Uint32Array(FIELD_COUNT);
  for (let f = 0; f < FIELD_COUNT; f++) {
    const tokens = tokenize(fields[FIELDS[f]!]);
    lengths[f] = tokens.length;
    for (const token of tokens) {
      const id = vocabulary.intern(token);
      let k = position.get(id);
      if (k === undefined) {
        k = ids.length;
        position.set(id, k);
        ids.push(id);
        for (let g = 0; g < FIELD_COUNT; g++) counts.push(0);
      }
      const at = k * FIELD_COUNT + f;
      if (counts[at]! < MAX_TF) counts[at] = counts[at]! + 1;
    }
  }
  const order = ids.map((_, i) => i).sort((a, b) => ids[a]! - ids[b]!);
  const terms = new Uint32Array(ids.length);
  const tf = new Uint16Array(ids.length * FIELD_COUNT);
  order.forEach((from, to) => {
    terms[to] = ids[from]!;
    for (let g = 0; g < FIELD_COUNT; g++) tf[to * FIELD_COUNT + g] = counts[from * FIELD_COUNT + g]!;
  });
  return { terms, tf, lengths };
}
