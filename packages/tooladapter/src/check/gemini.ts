import { isPlainObject, joinPointer, walkSchema } from '@toolarsenal/toolmodel';
import { GEMINI_ALLOWED_FIELDS, GEMINI_FORMATS } from '../passes/gemini-schema.js';
import type { DialectLimits } from '../types.js';
import { checkLimits } from './common.js';
import { googlePath, type ViolationList } from './violation.js';

/** Gemini `parameters` (OpenAPI 3.0 subset) rules, messages in the Gemini API's words. */
export function checkGeminiSchema(
  schema: unknown,
  base: string,
  field: string,
  limits: DialectLimits,
  out: ViolationList,
): void {
  if (!isPlainObject(schema)) {
    out.add(
      base,
      'gemini.schema.object',
      `Invalid JSON payload received. ${field}: must be an object (Schema)`,
    );
    return;
  }
  if (field === 'parameters' && schema.type !== 'object')
    out.add(
      joinPointer(base, 'type'),
      'gemini.parameters.object',
      `* GenerateContentRequest.tools[0].function_declarations[0].parameters.type: must be OBJECT`,
    );
  walkSchema(schema, ({ schema: node, pointer }) => {
    const at = base + pointer;
    const path = googlePath(field, pointer);
    for (const key of Object.keys(node)) {
      if (!GEMINI_ALLOWED_FIELDS.has(key))
        out.add(
          joinPointer(at, key),
          'gemini.unknown-field',
          `Invalid JSON payload received. Unknown name "${key}" at '${path}': Cannot find field.`,
        );
    }
    if (Array.isArray(node.type))
      out.add(
        joinPointer(at, 'type'),
        'gemini.type-array',
        `Invalid JSON payload received. Unknown name "type" at '${path}': Proto field is not repeating, cannot start list.`,
      );
    else if (
      node.type !== undefined &&
      ![
        'string',
        'number',
        'integer',
        'boolean',
        'array',
        'object',
        'STRING',
        'NUMBER',
        'INTEGER',
        'BOOLEAN',
        'ARRAY',
        'OBJECT',
      ].includes(String(node.type))
    )
      out.add(
        joinPointer(at, 'type'),
        'gemini.type-value',
        `Invalid value at '${path}.type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type), "${String(node.type)}"`,
      );
    if (Array.isArray(node.enum)) {
      node.enum.forEach((v, i) => {
        if (typeof v !== 'string')
          out.add(
            joinPointer(at, 'enum', i),
            'gemini.enum-string',
            `Invalid value at '${path}.enum[${i}]' (TYPE_STRING), ${JSON.stringify(v)}`,
          );
      });
    }
    if (typeof node.format === 'string' && typeof node.type === 'string') {
      const allowed = GEMINI_FORMATS[node.type.toLowerCase()];
      if (!allowed?.has(node.format))
        out.add(
          joinPointer(at, 'format'),
          'gemini.format',
          `${path}.format: format "${node.format}" is not supported for type ${node.type.toUpperCase()}`,
        );
    }
    if (Array.isArray(node.required)) {
      const props = isPlainObject(node.properties) ? node.properties : {};
      node.required.forEach((r, i) => {
        if (typeof r !== 'string' || !Object.hasOwn(props, r))
          out.add(
            joinPointer(at, 'required', i),
            'gemini.required-defined',
            `${path}.required[${i}]: property is not defined`,
          );
      });
    }
    if (
      String(node.type).toLowerCase() === 'object' &&
      (!isPlainObject(node.properties) || Object.keys(node.properties).length === 0)
    )
      out.add(
        joinPointer(at, 'properties'),
        'gemini.object-properties',
        `${path}.properties: should be non-empty for OBJECT type`,
      );
  });
  checkLimits(schema, base, limits, out, 'gemini', true);
}

/** Gemini `parametersJsonSchema`: JSON Schema with an object root. */
export function checkGeminiJsonSchema(
  schema: unknown,
  base: string,
  limits: DialectLimits,
  out: ViolationList,
): void {
  if (!isPlainObject(schema) || schema.type !== 'object') {
    out.add(
      base,
      'gemini-json.parameters.object',
      'parametersJsonSchema must be a JSON Schema with type: "object"',
    );
    return;
  }
  walkSchema(schema, ({ schema: node, pointer }) => {
    if (typeof node.$ref !== 'string') return;
    const extra = Object.keys(node).filter((k) => k !== '$ref' && k !== 'description' && k !== 'default');
    if (extra.length > 0)
      out.add(
        joinPointer(base + pointer, extra[0]!),
        'gemini-json.ref-siblings',
        'If a schema node has $ref set, then only description and default can be set alongside it',
      );
  });
  checkLimits(schema, base, limits, out, 'gemini-json', false);
}
