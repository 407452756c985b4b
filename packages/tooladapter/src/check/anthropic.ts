import { isPlainObject, joinPointer, walkSchema } from '@toolarsenal/toolmodel';
import { ANTHROPIC_STRICT_POLICY } from '../passes/allow-list.js';
import type { DialectLimits } from '../types.js';
import { checkLimits } from './common.js';
import type { ViolationList } from './violation.js';

/** Anthropic `input_schema` rules, messages in Anthropic's words. */
export function checkAnthropicInputSchema(
  schema: unknown,
  base: string,
  strict: boolean,
  limits: DialectLimits,
  out: ViolationList,
): void {
  const prefix = 'tools.0.custom.input_schema:';
  if (!isPlainObject(schema) || schema.type !== 'object') {
    out.add(
      base,
      'anthropic.input-schema.object',
      `${prefix} Input should be a valid dictionary with 'type': 'object'`,
    );
    if (!isPlainObject(schema)) return;
  }
  for (const k of ['oneOf', 'allOf', 'anyOf'])
    if (k in schema)
      out.add(
        joinPointer(base, k),
        'anthropic.input-schema.root-combinator',
        `${prefix} input_schema does not support oneOf, allOf, or anyOf at the top level`,
      );
  if ('$schema' in schema && schema.$schema !== 'https://json-schema.org/draft/2020-12/schema')
    out.add(
      joinPointer(base, '$schema'),
      'anthropic.input-schema.draft',
      `${prefix} JSON schema is invalid. It must match JSON Schema draft 2020-12`,
    );
  if (!strict) {
    checkLimits(schema, base, limits, out, 'anthropic', false);
    return;
  }
  walkSchema(schema, ({ schema: node, pointer }) => {
    const at = base + pointer;
    for (const key of Object.keys(node)) {
      if (!ANTHROPIC_STRICT_POLICY.fields.has(key))
        out.add(
          joinPointer(at, key),
          'anthropic.strict.keyword',
          `${prefix} strict tool use does not support '${key}' (at ${pointer || '/'})`,
        );
    }
    if (typeof node.format === 'string' && !ANTHROPIC_STRICT_POLICY.formats.has(node.format))
      out.add(
        joinPointer(at, 'format'),
        'anthropic.strict.format',
        `${prefix} strict tool use does not support format '${node.format}'`,
      );
    if (typeof node.minItems === 'number' && node.minItems > 1)
      out.add(
        joinPointer(at, 'minItems'),
        'anthropic.strict.min-items',
        `${prefix} strict tool use supports minItems of 0 or 1 only`,
      );
    const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : [];
    if ((types.includes('object') || isPlainObject(node.properties)) && node.additionalProperties !== false)
      out.add(
        joinPointer(at, 'additionalProperties'),
        'anthropic.strict.additional-properties',
        `${prefix} For 'object' type, 'additionalProperties' must be explicitly set to false`,
      );
    if (typeof node.$ref === 'string')
      out.add(
        joinPointer(at, '$ref'),
        'anthropic.strict.recursion',
        `${prefix} strict tool use does not support recursive schemas or $ref`,
      );
  });
  checkLimits(schema, base, limits, out, 'anthropic.strict', true);
}
