import {
  type ArgumentValidation,
  type ArgumentValidator,
  type BoundArgumentValidator,
  linearPatternProblem,
  type Tool,
  walkSchema,
} from '@toolarsenal/toolmodel';
import { ToolRunError } from './errors.js';

/** The code of the error a call gets when its tool's schema cannot be compiled into a validator. */
export const SCHEMA_UNCOMPILABLE = 'TOOL_SCHEMA_UNCOMPILABLE';

/**
 * Validators for one registered tool, compiled on the tool's first call and kept. Compiling a
 * schema costs ~1 ms; a runner registering hundreds of tools would otherwise spend most of its
 * start-up in ajv for tools that may never be called. Compilation is synchronous, so concurrent
 * first calls share one compilation; a schema that fails to compile fails every call to the tool
 * with the same typed `ToolRunError` (`TOOL_SCHEMA_UNCOMPILABLE`), without compiling again.
 */
export function lazyValidators(validator: ArgumentValidator, tool: Tool): BoundArgumentValidator {
  let bound: BoundArgumentValidator | undefined;
  let failure: ToolRunError | undefined;
  const get = (): BoundArgumentValidator => {
    if (bound) return bound;
    if (failure) throw failure;
    try {
      bound = validator.forTool(tool);
      return bound;
    } catch (error) {
      failure = uncompilable(tool, 'inputSchema', error);
      throw failure;
    }
  };
  let outputFailure: ToolRunError | undefined;
  return {
    validateInput: (args: unknown): ArgumentValidation => get().validateInput(args),
    validateOutput: (output: unknown): ArgumentValidation => {
      if (outputFailure) throw outputFailure;
      const v = get();
      try {
        return v.validateOutput(output);
      } catch (error) {
        outputFailure = uncompilable(tool, 'outputSchema', error);
        throw outputFailure;
      }
    },
  };
}

function uncompilable(tool: Tool, field: 'inputSchema' | 'outputSchema', error: unknown): ToolRunError {
  const reason = error instanceof Error ? error.message : String(error);
  return new ToolRunError(
    'failure',
    SCHEMA_UNCOMPILABLE,
    `Tool "${tool.name}" cannot be called: its ${field} could not be compiled into a validator (${reason.slice(0, 500)}). Fix the tool's schema and register it again.`,
    { details: { tool: tool.id, field }, cause: error },
  );
}

/**
 * The cheap part of the check compilation would do, kept at registration: `defineTool` already
 * checked the schemas against the meta-schema, their refs and their patterns' syntax; what only
 * the validator's engine refuses is a pattern RE2 cannot run (lookaround, backreferences).
 * Returns the first such problem with its JSON pointer, or `undefined`.
 */
export function nonLinearPattern(tool: Tool, withOutput: boolean): string | undefined {
  const schemas: [string, unknown][] = [['/inputSchema', tool.inputSchema]];
  if (withOutput && tool.outputSchema !== undefined) schemas.push(['/outputSchema', tool.outputSchema]);
  for (const [base, schema] of schemas) {
    if (typeof schema !== 'object' || schema === null) continue;
    let problem: string | undefined;
    walkSchema(schema, ({ schema: node, pointer }) => {
      if (problem) return;
      if (typeof node.pattern === 'string') {
        const why = linearPatternProblem(node.pattern);
        if (why) problem = `${base}${pointer}/pattern: ${why}`;
      }
      const props = node.patternProperties;
      if (typeof props === 'object' && props !== null) {
        for (const key of Object.keys(props)) {
          const why = linearPatternProblem(key);
          if (why) {
            problem = `${base}${pointer}/patternProperties: ${why}`;
            break;
          }
        }
      }
    });
    if (problem) return problem;
  }
  return undefined;
}
