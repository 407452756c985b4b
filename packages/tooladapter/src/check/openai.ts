import { isPlainObject, joinPointer, resolveLocalRef, walkSchema } from '@toolarsenal/toolmodel';
import { OPENAI_STRICT_POLICY } from '../passes/allow-list.js';
import type { DialectLimits } from '../types.js';
import { checkLimits } from './common.js';
import { openaiContext, type ViolationList } from './violation.js';

const ROOT_FORBIDDEN = ['oneOf', 'anyOf', 'allOf', 'enum', 'not'];

/** OpenAI function `parameters` rules (non-strict and strict), messages in OpenAI's words. */
export function checkOpenAIParameters(
  schema: unknown,
  base: string,
  fnName: string,
  strict: boolean,
  limits: DialectLimits,
  out: ViolationList,
): void {
  const prefix = `Invalid schema for function '${fnName}':`;
  if (!isPlainObject(schema)) {
    out.add(
      base,
      'openai.parameters.object',
      `${prefix} schema must be a JSON Schema of 'type: "object"', got 'type: "None"'.`,
    );
    return;
  }
  if (schema.type !== 'object')
    out.add(
      joinPointer(base, 'type'),
      'openai.parameters.root-object',
      `${prefix} schema must be a JSON Schema of 'type: "object"', got 'type: "${String(schema.type ?? 'None')}"'.`,
    );
  for (const k of ROOT_FORBIDDEN)
    if (k in schema)
      out.add(
        joinPointer(base, k),
        'openai.parameters.root-combinator',
        `${prefix} schema must be a JSON Schema of 'type: "object"' and must not have '${k}' at the top level.`,
      );
  walkSchema(schema, ({ schema: node, pointer }) => {
    const ctx = openaiContext(pointer);
    const at = base + pointer;
    const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : [];
    if (types.includes('array') && node.items === undefined && node.prefixItems === undefined)
      out.add(at, 'openai.array-items', `${prefix} In context=${ctx}, array schema missing items.`);
    if (!strict) return;
    for (const key of Object.keys(node)) {
      if (!OPENAI_STRICT_POLICY.fields.has(key))
        out.add(
          joinPointer(at, key),
          'openai.strict.keyword',
          `${prefix} In context=${ctx}, '${key}' is not permitted.`,
        );
    }
    if (typeof node.format === 'string' && !OPENAI_STRICT_POLICY.formats.has(node.format))
      out.add(
        joinPointer(at, 'format'),
        'openai.strict.format',
        `${prefix} In context=${ctx}, '${node.format}' is not a valid format.`,
      );
    const isObject = types.includes('object') || isPlainObject(node.properties);
    if (isObject) {
      if (node.additionalProperties !== false)
        out.add(
          joinPointer(at, 'additionalProperties'),
          'openai.strict.additional-properties',
          `${prefix} In context=${ctx}, 'additionalProperties' is required to be supplied and to be false.`,
        );
      const props = isPlainObject(node.properties) ? Object.keys(node.properties) : [];
      const required = Array.isArray(node.required) ? node.required : [];
      const missing = props.filter((p) => !required.includes(p));
      if (missing.length > 0)
        out.add(
          joinPointer(at, 'required'),
          'openai.strict.required',
          `${prefix} In context=${ctx}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`,
        );
    }
    if (
      types.length === 0 &&
      node.anyOf === undefined &&
      node.enum === undefined &&
      node.const === undefined &&
      node.$ref === undefined
    )
      out.add(at, 'openai.strict.type', `${prefix} In context=${ctx}, schema must have a 'type' key.`);
    if (typeof node.$ref === 'string' && resolveLocalRef(schema, node.$ref) === undefined)
      out.add(
        joinPointer(at, '$ref'),
        'openai.strict.ref',
        `${prefix} In context=${ctx}, reference ${node.$ref} can't be resolved.`,
      );
  });
  if (isPlainObject(schema) && schema.anyOf !== undefined) {
    out.add(
      joinPointer(base, 'anyOf'),
      'openai.strict.root-any-of',
      `${prefix} root must be an object, not 'anyOf'.`,
    );
  }
  const { enumChars } = checkLimits(schema, base, limits, out, strict ? 'openai.strict' : 'openai', strict);
  if (strict && limits.maxSchemaChars !== undefined) {
    if (enumChars > limits.maxSchemaChars)
      out.add(
        base,
        'openai.strict.max-schema-chars',
        `${prefix} property names and enum values total ${enumChars} characters; the limit is ${limits.maxSchemaChars}`,
      );
  }
}
