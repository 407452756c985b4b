import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives as `module.exports` with a `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * A JSON Schema 2020-12 validator configured for tool schemas from the wild: unknown keywords
 * and formats are tolerated (real schemas carry `nullable`, `example`, vendor extensions),
 * every error is collected, and nothing is logged.
 */
export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    logger: false,
    validateFormats: true,
    unicodeRegExp: true,
    // Own properties only: `constructor`, `toString`… are legitimate parameter names, and without
    // this `required: ["constructor"]` passes on {} (it finds Object.prototype.constructor).
    ownProperties: true,
    ...options,
  });
  addFormats(ajv);
  return ajv;
}

export type { Ajv2020 };
