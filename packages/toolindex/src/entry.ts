import type { Tool } from '@toolarsenal/toolmodel';
import type { DocTerms } from './lexical/doc-terms.js';

/** What the index keeps per tool: the tool, its tokenised fields and (once embedded) its unit vector. */
export interface Entry {
  tool: Tool;
  terms: DocTerms;
  /** Text the vector is computed from (built on first need: lexical-only indexes never pay for it). */
  embedText: string | undefined;
  vector: Float32Array | undefined;
  /** Terms of each required parameter (built on first need by ranking). */
  argumentTerms: string[][] | undefined;
  /** Slot kinds its parameters take (bit mask, built on first need by ranking). */
  slotKinds: number | undefined;
}
