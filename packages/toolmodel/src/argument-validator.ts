import type { ErrorObject, ValidateFunction } from 'ajv';
import { type Ajv2020, createAjv } from './ajv.js';
import { ToolArsenalError } from './errors.js';
import { joinPointer } from './json-pointer.js';
import type { Tool } from './tool-types.js';

export interface ArgumentError {
  /** JSON pointer into the arguments (`""` for the whole object). */
  pointer: string;
  message: string;
  /** The JSON Schema keyword that failed, e.g. `required`, `type`, `enum`. */
  keyword: string;
}

export type ArgumentValidation = { valid: true; errors: [] } | { valid: false; errors: ArgumentError[] };

export interface ArgumentValidatorOptions {
  /** Compiled validators kept, least recently used evicted first. Default 2,000. */
  cacheSize?: number;
  /** Check `format` keywords (date-time, email, uri…). Default true. */
  validateFormats?: boolean;
}

export interface ArgumentValidator {
  /** Validates `args` against the tool's `inputSchema` (compiled once per content hash). */
  validateInput(tool: Tool, args: unknown): ArgumentValidation;
  /** Validates a result against the tool's `outputSchema`; valid when the tool has none. */
  validateOutput(tool: Tool, output: unknown): ArgumentValidation;
  /**
   * Compiles the input schema of one tool now (the output schema on first use) and returns
   * validators bound to it, for hot paths (a runner holding one per registered tool skips the
   * cache lookup on every call).
   */
  forTool(tool: Tool): BoundArgumentValidator;
  /** Number of compiled validators held. */
  readonly size: number;
}

export interface BoundArgumentValidator {
  validateInput(args: unknown): ArgumentValidation;
  validateOutput(output: unknown): ArgumentValidation;
}

const VALID: ArgumentValidation = Object.freeze({ valid: true, errors: [] }) as ArgumentValidation;

/**
 * Compiles and caches ajv validators for tool schemas. Compilation is the expensive step
 * (~ms per schema), so validators are keyed by content hash and reused across calls.
 */
export function createArgumentValidator(options: ArgumentValidatorOptions = {}): ArgumentValidator {
  const cacheSize = options.cacheSize ?? 2_000;
  let ajv: Ajv2020 | undefined;
  const cache = new Map<string, ValidateFunction>();

  const compiled = (key: string, schema: unknown): ValidateFunction => {
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    ajv ??= createAjv({ validateFormats: options.validateFormats ?? true });
    let fn: ValidateFunction;
    try {
      fn = ajv.compile(schema as object);
    } catch (error) {
      throw new ToolArsenalError(
        'SCHEMA_COMPILE_FAILED',
        `could not compile schema for ${key}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    cache.set(key, fn);
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
    return fn;
  };

  const run = (fn: ValidateFunction, value: unknown): ArgumentValidation => {
    if (fn(value)) return VALID;
    return { valid: false, errors: (fn.errors ?? []).map(toArgumentError) };
  };

  return {
    validateInput: (tool, args) => run(compiled(`${tool.contentHash}#in`, tool.inputSchema), args),
    validateOutput: (tool, output) =>
      tool.outputSchema === undefined
        ? VALID
        : run(compiled(`${tool.contentHash}#out`, tool.outputSchema), output),
    forTool: (tool) => {
      const input = compiled(`${tool.contentHash}#in`, tool.inputSchema);
      // The output schema is compiled on first use: many callers never validate output.
      let output: ValidateFunction | undefined;
      return {
        validateInput: (args) => run(input, args),
        validateOutput: (value) => {
          if (tool.outputSchema === undefined) return VALID;
          output ??= compiled(`${tool.contentHash}#out`, tool.outputSchema);
          return run(output, value);
        },
      };
    },
    get size() {
      return cache.size;
    },
  };
}

function toArgumentError(e: ErrorObject): ArgumentError {
  const params = e.params as Record<string, unknown>;
  let pointer = e.instancePath;
  let message = e.message ?? 'is invalid';
  switch (e.keyword) {
    case 'required':
      pointer = joinPointer(pointer, String(params.missingProperty));
      message = 'is required but missing';
      break;
    case 'additionalProperties':
      pointer = joinPointer(pointer, String(params.additionalProperty));
      message = 'is not an allowed property';
      break;
    case 'enum':
      message = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
      break;
    case 'const':
      message = `must be ${JSON.stringify(params.allowedValue)}`;
      break;
  }
  return { pointer, message, keyword: e.keyword };
}

/** Formats argument errors as a short message a model can act on to repair its call. */
export function formatArgumentErrors(toolName: string, errors: readonly ArgumentError[]): string {
  const lines = errors.slice(0, 20).map((e) => `- ${e.pointer || '(arguments)'}: ${e.message}`);
  if (errors.length > 20) lines.push(`- … and ${errors.length - 20} more`);
  return `Invalid arguments for tool "${toolName}":\n${lines.join('\n')}`;
}

let shared: ArgumentValidator | undefined;
/** Validates arguments with a process-wide cached validator. */
export function validateArguments(tool: Tool, args: unknown): ArgumentValidation {
  shared ??= createArgumentValidator();
  return shared.validateInput(tool, args);
}
