import { isPlainObject, joinPointer, walkSchema } from '@toolarsenal/toolmodel';
import { GEMINI_ALLOWED_FIELDS, GEMINI_FORMATS, lowerCaseTypes } from '../passes/gemini-schema.js';
import type { DialectLimits } from '../types.js';
import { checkLimits } from './common.js';
import { checkSchemaValidity } from './schema-validity.js';
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
  // First: valid as JSON Schema once read as Gemini reads it (types are case-insensitive there).
  const valid = checkSchemaValidity(
    lowerCaseTypes(schema),
    base,
    out,
    (m) => `Invalid JSON payload received. ${field}: ${m}`,
  );
  if (!valid) return;
  if (field === 'parameters' && String(schema.type).toLowerCase() !== 'object')
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
    if (Array.isArray(node.anyOf)) {
      const others = Object.keys(node).filter((k) => k !== 'anyOf');
      if (others.length > 0)
        out.add(
          joinPointer(at, others[0]!),
          'gemini.any-of-alone',
          `${path}: When using any_of, it must be the only field set (found ${others.map((k) => `"${k}"`).join(', ')}).`,
        );
    }
    if (node.nullable !== undefined && typeof node.nullable !== 'boolean')
      out.add(
        joinPointer(at, 'nullable'),
        'gemini.field-type',
        `Invalid value at '${path}.nullable' (TYPE_BOOL), ${JSON.stringify(node.nullable)}`,
      );
    if (
      node.propertyOrdering !== undefined &&
      (!Array.isArray(node.propertyOrdering) || node.propertyOrdering.some((p) => typeof p !== 'string'))
    )
      out.add(
        joinPointer(at, 'propertyOrdering'),
        'gemini.field-type',
        `Invalid value at '${path}.propertyOrdering': must be a list of property names`,
      );
    if (Array.isArray(node.type))
      out.add(
        joinPointer(at, 'type'),
        'gemini.type-array',
        `Invalid JSON payload received. Unknown name "type" at '${path}': Proto field is not repeating, cannot start list.`,
      );
    else if (
      typeof node.type === 'string' &&
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
      const allowed = GEMINI_FORMATS.get(node.type.toLowerCase());
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

/** Gemini `parametersJsonSchema` / `responseJsonSchema`: JSON Schema (an object root for parameters). */
export function checkGeminiJsonSchema(
  schema: unknown,
  base: string,
  field: 'parametersJsonSchema' | 'responseJsonSchema',
  limits: DialectLimits,
  out: ViolationList,
): void {
  if (!isPlainObject(schema) || (field === 'parametersJsonSchema' && schema.type !== 'object')) {
    out.add(base, 'gemini-json.parameters.object', `${field} must be a JSON Schema with type: "object"`);
    if (!isPlainObject(schema)) return;
  }
  if (!checkSchemaValidity(schema, base, out, (m) => `Invalid JSON payload received. ${field}: ${m}`)) return;
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
