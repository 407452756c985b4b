import { type JsonSchema, markError, subclassGuard, ToolArsenalError } from '@toolarsenal/toolmodel';
import type * as JsonSchemaToTypescript from 'json-schema-to-typescript';

const TYPES_ERROR = 'toolarsenal.error.types-generation';

export type TypesGenerationErrorCode = 'TYPES_INVALID_INPUT' | 'TYPES_MISSING_DEPENDENCY' | 'TYPES_COMPILE';

/** Thrown by `generateTypes` for input that is not a list of tools, or when the compiler is missing or fails. */
export class TypesGenerationError extends ToolArsenalError {
  override readonly code: TypesGenerationErrorCode;
  constructor(code: TypesGenerationErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(code, message, options);
    this.name = 'TypesGenerationError';
    this.code = code;
    markError(this, TYPES_ERROR);
  }
  static override isInstance = subclassGuard<TypesGenerationError>(TYPES_ERROR);
}

export type CompileSchema = (
  schema: JsonSchema,
  name: string,
  options: { additionalProperties: boolean },
) => Promise<string>;

type Jsts = typeof JsonSchemaToTypescript;

let loaded: Promise<Jsts> | undefined;

/**
 * json-schema-to-typescript (with prettier and lodash behind it) is an optional peer dependency:
 * only type generation needs it, so it is loaded here, on first use, with a clear error when absent.
 */
export async function loadCompiler(): Promise<CompileSchema> {
  loaded ??= import('json-schema-to-typescript');
  let jsts: Jsts;
  try {
    jsts = await loaded;
  } catch (error) {
    loaded = undefined;
    throw new TypesGenerationError(
      'TYPES_MISSING_DEPENDENCY',
      'generating types needs json-schema-to-typescript: npm install json-schema-to-typescript',
      { cause: error },
    );
  }
  return async (schema, name, options) => {
    const root = typeof schema === 'boolean' ? (schema ? {} : { not: {} }) : schema;
    try {
      const code = await jsts.compile(root as never, name, {
        bannerComment: '',
        format: false,
        additionalProperties: options.additionalProperties,
        declareExternallyReferenced: true,
        unreachableDefinitions: false,
        strictIndexSignatures: true,
        // Bounded arrays as `T[]`: tuple unions up to maxItems (20 by default) multiply big item types.
        maxItems: -1,
        $refOptions: { resolve: { external: false, http: false } } as never,
      });
      const text = code.trim();
      // A root that admits anything (`{anyOf: [X, {}]}`) is collapsed to nothing; declare it all the same.
      const declared = new RegExp(`^export (?:type|interface) ${name}\\b`, 'm').test(text);
      return declared ? text : `${text}\nexport type ${name} = unknown`.trim();
    } catch (error) {
      throw new TypesGenerationError(
        'TYPES_COMPILE',
        `cannot generate ${name}: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  };
}
