import type { OpenApiProblem } from './errors.js';

interface AjvLikeError {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Turns a swagger-parser validator failure into located problems (one per distinct ajv error). */
export function validationProblems(error: unknown, file: string): OpenApiProblem[] {
  const details = (error as { details?: unknown }).details;
  if (Array.isArray(details) && details.length > 0) {
    const seen = new Set<string>();
    const problems: OpenApiProblem[] = [];
    for (const d of details as AjvLikeError[]) {
      const pointer = d.instancePath ?? '';
      const extra =
        d.keyword === 'additionalProperties' && typeof d.params?.additionalProperty === 'string'
          ? ` ("${d.params.additionalProperty}")`
          : '';
      const message = `${d.message ?? 'is invalid'}${extra}`;
      const key = `${pointer} ${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push({ file, pointer, code: 'schema_validation', message });
    }
    return problems;
  }
  const message = (error as Error)?.message ?? String(error);
  const duplicate = /Duplicate operation id '([^']*)'/.exec(message);
  return [
    {
      file,
      pointer: '',
      code: duplicate ? 'duplicate_operation_id' : 'spec_validation',
      message: message.replace(/^Validation failed\.\s*/, ''),
    },
  ];
}
