import type { JsonSchema } from '@toolarsenal/toolmodel';
import { isPlainObject } from '@toolarsenal/toolmodel';
import type { SpecKind } from './load-document.js';
import type { SchemaRoot } from './schema-convert.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

/** Success responses in the order they are tried: 200, 201, … 299, then `2XX`. */
function successCodes(responses: Record<string, unknown>): string[] {
  const codes = Object.keys(responses).filter((c) => /^2\d\d$/.test(c));
  codes.sort((a, b) => Number(a) - Number(b));
  if ('2XX' in responses) codes.push('2XX');
  if ('2xx' in responses) codes.push('2xx');
  return codes;
}

/** The schema of the main 2xx JSON response, if the operation declares one. */
export function pickOutputSchema(
  responses: unknown,
  produces: readonly string[] | undefined,
  kind: SpecKind,
  root: SchemaRoot,
): { schema: JsonSchema; status: string } | undefined {
  if (!isPlainObject(responses)) return undefined;
  for (const status of successCodes(responses)) {
    const response = root.deref(responses[status]);
    if (!isPlainObject(response)) continue;
    let raw: unknown;
    if (kind === 'swagger-2.0') {
      if (produces && produces.length > 0 && !produces.some((t) => JSON_TYPE.test(t))) return undefined;
      raw = response.schema;
      const schema = root.deref(raw);
      if (isPlainObject(schema) && schema.type === 'file') return undefined;
    } else if (isPlainObject(response.content)) {
      const type =
        Object.keys(response.content).find((t) => /^application\/json\s*(;.*)?$/i.test(t)) ??
        Object.keys(response.content).find((t) => JSON_TYPE.test(t));
      const media = type === undefined ? undefined : root.deref(response.content[type]);
      raw = isPlainObject(media) ? media.schema : undefined;
    }
    if (raw === undefined) continue;
    const schema = root.convert(raw);
    if (schema === true || (isPlainObject(schema) && Object.keys(schema).length === 0)) continue;
    return { schema, status };
  }
  return undefined;
}
