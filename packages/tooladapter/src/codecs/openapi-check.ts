import { checkJsonSchema, inspectJson, isPlainObject, joinPointer } from '@toolarsenal/toolmodel';
import type { CheckOptions, Violation } from '../types.js';
import { HTTP_METHODS, isHttpMethod, PARAMETER_LOCATIONS } from '../openapi-layout.js';

const TEMPLATE = /\{([^}/]+)\}/g;

function schemaViolations(schema: unknown, pointer: string): Violation[] {
  if (schema === undefined) return [];
  return checkJsonSchema(schema, pointer).map((issue) => ({
    pointer: issue.pointer,
    rule: 'openapi.schema.valid',
    message: `Schema Object must be valid JSON Schema 2020-12 (OpenAPI 3.1): ${issue.message}`,
  }));
}

function contentViolations(content: unknown, pointer: string): Violation[] {
  if (!isPlainObject(content) || Object.keys(content).length === 0)
    return [
      {
        pointer,
        rule: 'openapi.content',
        message: '"content" must map at least one media type to a Media Type Object',
      },
    ];
  const out: Violation[] = [];
  for (const [type, media] of Object.entries(content)) {
    const at = joinPointer(pointer, type);
    if (!isPlainObject(media))
      out.push({ pointer: at, rule: 'openapi.content', message: 'a Media Type Object must be an object' });
    else out.push(...schemaViolations(media.schema, joinPointer(at, 'schema')));
  }
  return out;
}

/**
 * Conformance of one `{path, method, operation}` value with OpenAPI 3.1: path template, method,
 * unique parameters with a valid location, path parameters required and declared, request body
 * and response content, and every Schema Object valid JSON Schema 2020-12.
 */
export function checkOpenApiOperation(value: unknown, _options: CheckOptions = {}): Violation[] {
  const unsafe = inspectJson(value, { maxDepth: 128 });
  if (unsafe.length > 0)
    return unsafe.map((i) => ({ pointer: i.pointer, rule: 'openapi.json', message: i.message }));
  if (!isPlainObject(value))
    return [{ pointer: '', rule: 'openapi.operation.shape', message: 'expected {path, method, operation}' }];
  const out: Violation[] = [];
  const { path, method, operation } = value;
  if (typeof path !== 'string' || !path.startsWith('/'))
    out.push({
      pointer: '/path',
      rule: 'openapi.path',
      message: 'a path must be a string starting with "/"',
    });
  if (!isHttpMethod(method))
    out.push({
      pointer: '/method',
      rule: 'openapi.method',
      message: `method must be one of ${HTTP_METHODS.join(', ')} (lowercase)`,
    });
  if (!isPlainObject(operation)) {
    out.push({
      pointer: '/operation',
      rule: 'openapi.operation.shape',
      message: 'operation must be an Operation Object',
    });
    return out;
  }
  if (
    operation.operationId !== undefined &&
    (typeof operation.operationId !== 'string' || operation.operationId === '')
  )
    out.push({
      pointer: '/operation/operationId',
      rule: 'openapi.operation-id',
      message: 'operationId must be a non-empty string',
    });
  for (const key of ['summary', 'description'] as const)
    if (operation[key] !== undefined && typeof operation[key] !== 'string')
      out.push({ pointer: `/operation/${key}`, rule: `openapi.${key}`, message: `${key} must be a string` });

  const declared = new Set<string>();
  const seen = new Set<string>();
  const params = operation.parameters;
  if (params !== undefined && !Array.isArray(params))
    out.push({
      pointer: '/operation/parameters',
      rule: 'openapi.parameters',
      message: 'parameters must be an array',
    });
  (Array.isArray(params) ? params : []).forEach((param, i) => {
    const at = `/operation/parameters/${i}`;
    if (!isPlainObject(param)) {
      out.push({ pointer: at, rule: 'openapi.parameter', message: 'a Parameter Object must be an object' });
      return;
    }
    if (typeof param.$ref === 'string') return;
    if (typeof param.name !== 'string' || param.name === '')
      out.push({
        pointer: `${at}/name`,
        rule: 'openapi.parameter.name',
        message: 'a parameter needs a non-empty "name"',
      });
    if (!(PARAMETER_LOCATIONS as readonly unknown[]).includes(param.in))
      out.push({
        pointer: `${at}/in`,
        rule: 'openapi.parameter.in',
        message: '"in" must be one of path, query, header, cookie',
      });
    const key = `${String(param.in)}:${String(param.name)}`;
    if (seen.has(key))
      out.push({
        pointer: at,
        rule: 'openapi.parameter.unique',
        message: `duplicate parameter "${String(param.name)}" in ${String(param.in)}`,
      });
    seen.add(key);
    if (param.in === 'path') {
      declared.add(String(param.name));
      if (param.required !== true)
        out.push({
          pointer: `${at}/required`,
          rule: 'openapi.parameter.path-required',
          message: 'path parameters must have "required": true',
        });
    }
    if ((param.schema === undefined) === (param.content === undefined))
      out.push({
        pointer: at,
        rule: 'openapi.parameter.schema-or-content',
        message: 'a parameter must have exactly one of "schema" or "content"',
      });
    out.push(...schemaViolations(param.schema, `${at}/schema`));
    if (param.content !== undefined) out.push(...contentViolations(param.content, `${at}/content`));
  });
  if (typeof path === 'string') {
    for (const match of path.matchAll(TEMPLATE)) {
      const name = match[1]!;
      if (!declared.has(name))
        out.push({
          pointer: '/path',
          rule: 'openapi.path.template',
          message: `path template "{${name}}" has no matching path parameter`,
        });
    }
    for (const name of declared)
      if (!path.includes(`{${name}}`))
        out.push({
          pointer: '/operation/parameters',
          rule: 'openapi.path.template',
          message: `path parameter "${name}" does not appear in the path`,
        });
  }
  const body = operation.requestBody;
  if (body !== undefined) {
    if (!isPlainObject(body))
      out.push({
        pointer: '/operation/requestBody',
        rule: 'openapi.request-body',
        message: 'requestBody must be a Request Body Object',
      });
    else if (typeof body.$ref !== 'string')
      out.push(...contentViolations(body.content, '/operation/requestBody/content'));
  }
  const responses = operation.responses;
  if (responses !== undefined) {
    if (!isPlainObject(responses))
      out.push({
        pointer: '/operation/responses',
        rule: 'openapi.responses',
        message: 'responses must be an object',
      });
    else
      for (const [code, response] of Object.entries(responses)) {
        const at = joinPointer('/operation/responses', code);
        if (!/^([1-5](\d\d|XX)|default)$/.test(code))
          out.push({
            pointer: at,
            rule: 'openapi.response.code',
            message: `"${code}" is not an HTTP status code, a range like 2XX, or "default"`,
          });
        if (!isPlainObject(response)) continue;
        if (typeof response.$ref === 'string') continue;
        if (typeof response.description !== 'string')
          out.push({
            pointer: `${at}/description`,
            rule: 'openapi.response.description',
            message: 'a Response Object requires a "description"',
          });
        if (response.content !== undefined) out.push(...contentViolations(response.content, `${at}/content`));
      }
  }
  return out;
}
