import type { ArgsDecoder, Loss } from '../types.js';

/**
 * What the codecs in this folder return from `encode`: the `DialectCodec` result plus
 * `encodeArgs`, the inverse of `decode` (canonical arguments → what a model produces against the
 * lowered schema), used by the semantic round-trip proof.
 */
export interface EncodedTool {
  value: unknown;
  losses: Loss[];
  decode: ArgsDecoder;
  encodeArgs: (args: unknown) => unknown;
}
