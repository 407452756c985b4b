import { describe, expect, it } from 'vitest';
import { OpenApiImportError } from './errors.js';
import { importOpenApi } from './import-openapi.js';
import { spec } from './test-fixtures/corpus.js';
import { importChecked, CORPUS_TIMEOUT as TIMEOUT } from './test-fixtures/import-checked.js';

describe('corpus: DigitalOcean', () => {
  it(
    'DigitalOcean (multi-file, 2,850 files): 24 operations fail validation, all 659 import; strict rejects it',
    async () => {
      const file = 'openapi-3.0/digitalocean/specification/DigitalOcean-public.v2.yaml';
      const result = await importChecked(file, 659);
      const validation = result.warnings.filter((w) => w.code === 'schema_validation');
      expect(validation).toHaveLength(48);
      const operations = new Set(validation.map((w) => w.pointer));
      expect(operations.size).toBe(24);
      expect(operations).toContain('/paths/~1v2~1gen-ai~1agents/post');
      const renamed = result.renamed.map((r) => [r.operationId, r.name]);
      expect(renamed).toContainEqual([
        'monitoring_get_appRestartCountMetrics.yml',
        'monitoring_get_appRestartCountMetrics_yml',
      ]);
      // The tags_* tools carry `\-\:` in a pattern, invalid in unicode mode: rewritten, each place reported.
      const repaired = result.warnings.filter((w) => w.code === 'schema_repaired');
      expect(repaired).toHaveLength(8);
      for (const w of repaired)
        expect(w.message).toMatch(
          /^tool tags_\w+\/(input|output)Schema\/.*\/pattern: pattern "\^\[a-zA-Z0-9_\\\\-\\\\:\]\+\$" is not valid in unicode mode; rewritten as "\^\[a-zA-Z0-9_\\\\-:\]\+\$"/,
        );
      expect(new Set(repaired.map((w) => w.message.split('/')[0]))).toEqual(
        new Set([
          'tool tags_list',
          'tool tags_create',
          'tool tags_get',
          'tool tags_delete',
          'tool tags_assign_resources',
          'tool tags_unassign_resources',
        ]),
      );
      // Recursive definitions.yml schemas are kept as self-contained $defs.
      const recursive = result.tools.filter((t) => JSON.stringify(t).includes('"$ref":"#/$defs/'));
      expect(recursive.length).toBeGreaterThan(0);
      const error = (await importOpenApi(spec(file), { strict: true }).catch(
        (e: unknown) => e,
      )) as OpenApiImportError;
      expect(OpenApiImportError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'OPENAPI_INVALID', pointer: '/paths/~1v2~1gen-ai~1agents/post' });
      expect(error.file).toMatch(/DigitalOcean-public\.v2\.yaml$/);
      expect(error.message).toMatch(/must have required property 'responses'/);
      expect(error.problems).toHaveLength(48);
    },
    TIMEOUT,
  );
});
