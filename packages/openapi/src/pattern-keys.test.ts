import { escapePointerSegment, type Tool, validateArguments } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importOpenApi } from './import-openapi.js';

/** A 3.1 document (where `patternProperties` is valid) whose one request body is `schema`. */
const docWithBody = (schema: unknown) => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/things': {
      post: {
        operationId: 'put_things',
        requestBody: { required: true, content: { 'application/json': { schema } } },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
});

const BODY = '/inputSchema/properties/body';
const bodyOf = (tool: Tool) =>
  (tool.inputSchema.properties as Record<string, { patternProperties?: Record<string, unknown> }>).body!;
const repairs = (warnings: ReadonlyArray<{ code: string; message: string }>) =>
  warnings.filter((w) => w.code === 'schema_repaired').map((w) => w.message);
const unicodeOk = (pattern: string) => {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
};

describe('patternProperties keys invalid in unicode mode', () => {
  it('rewrites identity escapes (`\\-`, `\\_`, `\\:`) to the same meaning, naming the pointer', async () => {
    const result = await importOpenApi(
      docWithBody({
        type: 'object',
        patternProperties: {
          '^x\\-[a-z]+$': { type: 'string' },
          '^\\_id\\:[0-9]+$': { type: 'integer' },
          '^ok$': { type: 'boolean' },
        },
      }),
    );
    expect(result.tools).toHaveLength(1);
    const [tool] = result.tools;
    expect(bodyOf(tool!).patternProperties).toEqual({
      '^x-[a-z]+$': { type: 'string' },
      '^_id:[0-9]+$': { type: 'integer' },
      '^ok$': { type: 'boolean' },
    });
    expect(repairs(result.warnings)).toEqual([
      `tool put_things${BODY}/patternProperties/^x\\-[a-z]+$: patternProperties key "^x\\\\-[a-z]+$" rewritten as "^x-[a-z]+$" (unicode mode)`,
      `tool put_things${BODY}/patternProperties/^\\_id\\:[0-9]+$: patternProperties key "^\\\\_id\\\\:[0-9]+$" rewritten as "^_id:[0-9]+$" (unicode mode)`,
    ]);
    // The rewritten keys are enforced: the tool compiles and checks values by key.
    expect(validateArguments(tool!, { body: { 'x-ab': 'v', '_id:12': 3, ok: true } }).valid).toBe(true);
    expect(validateArguments(tool!, { body: { 'x-ab': 1 } }).errors).toEqual([
      expect.objectContaining({ pointer: '/body/x-ab', keyword: 'type' }),
    ]);
  });

  it('drops a key with no safe rewrite (or one that would collide) with a warning; the import succeeds', async () => {
    const result = await importOpenApi(
      docWithBody({
        type: 'object',
        patternProperties: {
          '^\\p$': { type: 'string' },
          '^a\\-$': { type: 'string' },
          '^a-$': { type: 'number' },
        },
      }),
    );
    const [tool] = result.tools;
    expect(bodyOf(tool!).patternProperties).toEqual({ '^a-$': { type: 'number' } });
    expect(repairs(result.warnings)).toEqual([
      `tool put_things${BODY}/patternProperties/^\\p$: patternProperties key "^\\\\p$" is not a valid regular expression in unicode mode; dropped`,
      `tool put_things${BODY}/patternProperties/^a\\-$: patternProperties key "^a\\\\-$" is not a valid regular expression in unicode mode; dropped`,
    ]);
    expect(() => validateArguments(tool!, { body: {} })).not.toThrow();
  });

  it('a key holding `/` or `~` is named by its escaped pointer segment', async () => {
    const key = '^a\\/b~c\\-$';
    const result = await importOpenApi(docWithBody({ type: 'object', patternProperties: { [key]: {} } }));
    expect(result.warnings).toContainEqual(
      expect.objectContaining({
        code: 'schema_repaired',
        message: expect.stringContaining(`${BODY}/patternProperties/${escapePointerSegment(key)}:`),
      }),
    );
    expect(Object.keys(bodyOf(result.tools[0]!).patternProperties!)).toEqual(['^a\\/b~c-$']);
  });

  it('property: any keys import, every tool compiles, every change is reported, rewrites keep the meaning', async () => {
    const token = fc.constantFrom(
      'a',
      'b',
      '-',
      '_',
      ':',
      '.',
      '*',
      '+',
      '^',
      '$',
      '\\-',
      '\\_',
      '\\:',
      '\\d',
      '\\w',
      '\\p',
      '\\1',
      '\\/',
      '[a-',
      ']',
      '[\\w-_]',
      '(',
      ')',
      '(?=a)',
      '{',
      '}',
      '|',
    );
    const key = fc.array(token, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(key, { minLength: 1, maxLength: 4 }), async (keys) => {
        const patternProperties = Object.fromEntries(keys.map((k) => [k, { type: 'string' }]));
        const result = await importOpenApi(docWithBody({ type: 'object', patternProperties }));
        expect(result.tools).toHaveLength(1);
        const tool = result.tools[0]!;
        expect(() => validateArguments(tool, { body: {} })).not.toThrow();
        const kept = bodyOf(tool).patternProperties ?? {};
        for (const k of Object.keys(kept)) expect(unicodeOk(k)).toBe(true);
        const messages = repairs(result.warnings);
        for (const original of keys) {
          if (Object.hasOwn(kept, original)) continue;
          // Not kept as written: exactly one warning names its pointer and says what happened.
          const about = messages.filter((m) =>
            // `: ` ends the pointer: key `\:`'s prefix must not also match key `\::a`'s warning.
            m.startsWith(`tool put_things${BODY}/patternProperties/${escapePointerSegment(original)}: `),
          );
          expect(about, original).toHaveLength(1);
          const rewritten = /rewritten as (".*") \(unicode mode\)$/.exec(about[0]!);
          if (!rewritten) {
            expect(about[0]).toMatch(/dropped$/);
            continue;
          }
          const fixed = JSON.parse(rewritten[1]!) as string;
          expect(Object.hasOwn(kept, fixed)).toBe(true);
          for (const sample of ['', 'a', 'a-b', '_:', 'ab1', 'x/y', '-_-', 'p', '{}', 'aaa']) {
            expect(new RegExp(fixed, 'u').test(sample), `${original} → ${fixed} on ${sample}`).toBe(
              new RegExp(original).test(sample),
            );
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
