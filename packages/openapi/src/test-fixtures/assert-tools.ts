import {
  createArgumentValidator,
  parseTool,
  type Tool,
  toolToJson,
  walkSchema,
} from '@toolarsenal/toolmodel';
import { expect } from 'vitest';
import type { ImportOpenApiResult } from '../import-openapi.js';
import { PORTABLE_NAME_PATTERN } from '../naming.js';
import type { OpenApiSourceMeta } from '../source-meta.js';

const GROUPS = ['path', 'query', 'header', 'cookie'];

/** The checks every imported tool must pass, whatever document it came from. */
export function assertCanonicalTools(result: ImportOpenApiResult): void {
  const names = new Set<string>();
  const validator = createArgumentValidator({ cacheSize: 1 });
  for (const tool of result.tools) {
    // The project's own validator compiles both schemas (what cannot be was repaired, with a warning).
    expect(() => validator.forTool(tool), tool.name).not.toThrow();
    // Where the tool came from, without local directories: a relative path and a pointer.
    expect(tool.sourceUri).toMatch(/^(?![/\\]|[A-Za-z]:)[^#]*#\/paths\//);
    // Serialised and parsed back, it is still the same valid canonical tool.
    expect(parseTool(toolToJson(tool)).contentHash).toBe(tool.contentHash);
    expect(tool.name).toMatch(PORTABLE_NAME_PATTERN);
    expect(names.has(tool.name)).toBe(false);
    names.add(tool.name);
    expect(tool.source).toBe('openapi');
    expect(tool.description.length).toBeGreaterThan(0);
    assertLayout(tool);
    assertCleanSchema(tool.inputSchema);
    if (tool.outputSchema !== undefined) assertCleanSchema(tool.outputSchema);
  }
}

function assertLayout(tool: Tool): void {
  const meta = tool.sourceMeta?.openapi as unknown as OpenApiSourceMeta;
  expect(typeof meta.method).toBe('string');
  expect(meta.path.startsWith('/')).toBe(true);
  const schema = tool.inputSchema as {
    properties: Record<string, { properties?: Record<string, unknown> }>;
    additionalProperties: unknown;
  };
  expect(schema.additionalProperties).toBe(false);
  for (const key of Object.keys(schema.properties)) expect([...GROUPS, 'body']).toContain(key);
  for (const group of GROUPS) {
    const inSchema = Object.keys(schema.properties[group]?.properties ?? {}).sort();
    const inMeta = Object.keys(meta.parameters[group as keyof OpenApiSourceMeta['parameters']] ?? {}).sort();
    expect(inSchema).toEqual(inMeta);
  }
  expect('body' in schema.properties).toBe(meta.body !== undefined);
  const method = meta.method;
  const caps = tool.capabilities;
  expect(caps).toContain('network_access');
  expect(caps).toContain('external_api');
  if (method === 'get') expect(caps).toContain('read_data');
  if (method === 'delete') {
    expect(caps).toContain('delete_data');
    expect(tool.requiresConfirmation).toBe(true);
  }
  if (method === 'post' || method === 'put' || method === 'patch') expect(caps).toContain('write_data');
}

/** No OpenAPI-only keywords survive; every local `$ref` points into the schema's own `$defs`. */
function assertCleanSchema(schema: unknown): void {
  walkSchema(schema, ({ schema: node }) => {
    for (const key of Object.keys(node)) {
      expect(key.startsWith('x-'), key).toBe(false);
      expect(['nullable', 'discriminator', 'xml', 'example'], key).not.toContain(key);
    }
    if (typeof node.$ref === 'string') expect(node.$ref).toMatch(/^#\/\$defs\/[A-Za-z0-9_.-]+$/);
  });
}
