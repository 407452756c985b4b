import { createRequire } from 'node:module';
import type * as Undici from 'undici';

const require = createRequire(import.meta.url);
let loaded: typeof Undici | undefined;

/**
 * undici (CommonJS), required on the first request instead of at import: a process that imports
 * this package but makes no request yet (a gateway starting up and listing its tools) does not
 * load it.
 */
export function undici(): typeof Undici {
  return (loaded ??= require('undici') as typeof Undici);
}
