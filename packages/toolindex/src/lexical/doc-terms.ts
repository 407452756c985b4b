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
  const counts = new Map<number, Uint16Array>();
  const lengths = new Uint32Array(FIELD_COUNT);
  FIELDS.forEach((field, f) => {
    const tokens = tokenize(fields[field]);
    lengths[f] = tokens.length;
    for (const token of tokens) {
      const id = vocabulary.intern(token);
      let row = counts.get(id);
      if (!row) {
        row = new Uint16Array(FIELD_COUNT);
        counts.set(id, row);
      }
      if (row[f]! < MAX_TF) row[f] = row[f]! + 1;
    }
  });
  const terms = Uint32Array.from(counts.keys()).sort();
  const tf = new Uint16Array(terms.length * FIELD_COUNT);
  for (let i = 0; i < terms.length; i++) tf.set(counts.get(terms[i]!)!, i * FIELD_COUNT);
  return { terms, tf, lengths };
}
