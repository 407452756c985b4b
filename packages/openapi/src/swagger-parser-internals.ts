import { createRequire } from 'node:module';

/**
 * swagger-parser's own validators and the dereferencer it is built on, loaded from the exact copy
 * swagger-parser uses. `SwaggerParser.validate` stops at the first failing validator and throws away
 * the dereferenced document; lenient import needs every problem *and* the document, so the steps of
 * `validate` are run one by one (dereference with circular refs ignored → schema validation → spec
 * validation → second dereference pass for circular refs), exactly as swagger-parser does them.
 */
const requireFromHere = createRequire(import.meta.url);
const swaggerParserMain = requireFromHere.resolve('@apidevtools/swagger-parser');
const requireFromSwaggerParser = createRequire(swaggerParserMain);

export type ApiValidator = (api: unknown) => void;

export const validateSchema = requireFromSwaggerParser('./validators/schema.js') as ApiValidator;
export const validateSpec = requireFromSwaggerParser('./validators/spec.js') as ApiValidator;

interface RefParserModule {
  dereferenceInternal: (parser: unknown, options: unknown) => void;
  ResolverError: new (error: Error, source: string) => Error;
  ParserError: new (message: string, source: string) => Error;
}
const refParser = requireFromSwaggerParser('@apidevtools/json-schema-ref-parser') as RefParserModule;
export const dereferenceInternal = refParser.dereferenceInternal;
/** Errors the ref parser treats as "handled": with `continueOnError` it carries on past them. */
export const ResolverError = refParser.ResolverError;
export const ParserError = refParser.ParserError;
