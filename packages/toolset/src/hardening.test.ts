import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRunner } from '@toolarsenal/toolrun';
import { compileGlob, defineTool } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toolset } from './builder.js';
import { loadToolsetConfigFile, parseToolsetConfig } from './config.js';
import { ToolsetConfigError } from './errors.js';
import { explainInvalidPattern } from './patterns.js';
import { allow, deny, obligate, policy } from './policy-builders.js';
import { compilePolicy } from './policy-compile.js';
import { TOOLS } from './test-fixtures/tools.js';
import { selectForTurn } from './turn.js';

describe('patterns do bounded work on adversarial globs (issue #14)', () => {
  // toolset's patterns are toolmodel's compileGlob (whose tests check it against a reference matcher).
  it('deny.tool("*a*a*…*b") against 128-character names: policy.evaluate and selectForTurn answer like compileGlob', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 40 }),
        fc.integer({ min: 16, max: 128 }),
        fc.constantFrom('b', 'a', '?', 'a*'),
        fc.constantFrom('a', 'b'),
        (stars, length, last, tail) => {
          // With a backtracking matcher 4 stars took ~4.5 s on 128 characters and 5 stars 94 s.
          const pattern = `${'*a'.repeat(stars)}*${last}`;
          const tool = defineTool({ name: `${'a'.repeat(length - 1)}${tail}` });
          const expected = compileGlob(pattern)(tool.name);
          const p = compilePolicy(policy('adversarial', {}, deny.tool(pattern)));
          expect(p.evaluate({}, tool).allow).toBe(!expected);
          const turn = selectForTurn([tool], { forced: [pattern], dialect: 'openai-chat' });
          expect(turn.forced.length).toBe(expected ? 1 : 0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('patterns are toolmodel globs: case-sensitive, no negation or extglobs', () => {
    const set = toolset('cs').from(TOOLS).include('Git_*', 'git_st*').build();
    expect([...set.ids()]).toEqual(['mcp.git:git_status@1.0.0']);
    expect(explainInvalidPattern('!delete_*')).toMatch(/negation is not supported/);
    expect(explainInvalidPattern('@(a|b)')).toMatch(/contains "\("/);
    expect(explainInvalidPattern('read_[fm]*')).toBeUndefined();
    expect(explainInvalidPattern('{get,list}_*')).toBeUndefined();
    expect(explainInvalidPattern('read[')).toMatch(/unclosed "\["/);
  });
});

describe('config loader hostile input (issue #15)', () => {
  it('a directory is a typed error with a clear message, not a raw EISDIR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolset-config-'));
    try {
      await expect(loadToolsetConfigFile(dir)).rejects.toSatisfy((e: unknown) => {
        expect(ToolsetConfigError.isInstance(e)).toBe(true);
        expect((e as ToolsetConfigError).issues).toEqual([
          {
            pointer: '',
            code: 'not_a_file',
            message: 'is a directory; pass the path of a YAML or JSON config file',
          },
        ]);
        return true;
      });
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('10,000-deep YAML is too_deep, not a syntax error about the call stack', () => {
    const flow = `toolsets: ${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const block = `toolsets:\n${Array.from({ length: 1_000 }, (_, i) => `${' '.repeat(i + 1)}- `).join('\n')}x`;
    const maps = `toolsets: ${'{a: '.repeat(5_000)}1${'}'.repeat(5_000)}`;
    for (const text of [flow, block, maps]) {
      try {
        parseToolsetConfig(text, { env: {} });
        throw new Error('accepted');
      } catch (e) {
        expect(ToolsetConfigError.isInstance(e)).toBe(true);
        // Either the parser gives up (no position) or the depth check catches it (with one): too_deep both ways.
        const issues = (e as ToolsetConfigError).issues;
        expect(issues).toHaveLength(1);
        expect(issues[0]).toMatchObject({ code: 'too_deep', message: expect.stringMatching(/nest/) });
        expect((e as Error).message).not.toMatch(/call stack/);
      }
    }
  });
});

describe("toolset's compiled policy plugs straight into toolrun's runner", () => {
  it('decisions and obligations (confirmation, rate limit, audit) are enforced by the runner', async () => {
    const read = defineTool({ name: 'read_file', namespace: 'fs', annotations: { readOnlyHint: true } });
    const write = defineTool({
      name: 'write_file',
      namespace: 'fs',
      annotations: { destructiveHint: false },
    });
    const compiled = compilePolicy(
      policy(
        'fs',
        { zeroTrust: true },
        deny.tool('write_*').because('no writes for guests').tenant('guest'),
        allow.role('dev').rateLimit(2, 60_000).audit('basic'),
        obligate.tool('write_*').confirm('writes need a human'),
      ),
    );
    const audits: string[] = [];
    const runner = createRunner({
      policy: compiled,
      audit: (r) => audits.push(`${r.decision}:${r.toolName}:${r.rule ?? ''}`),
    });
    runner.register(read, () => 'contents');
    runner.register(write, () => 'written');
    const dev = { id: 'd1', roles: ['dev'] };
    expect((await runner.run({ name: 'read_file' }, { principal: { id: 'x' } })).status).toBe(
      'permission_denied',
    );
    expect((await runner.run({ name: 'read_file' }, { principal: dev })).status).toBe('success');
    const pending = await runner.run({ name: 'write_file' }, { principal: dev });
    expect(pending.confirmation?.reason).toBe('writes need a human');
    expect((await runner.confirm(pending.confirmation!.token)).status).toBe('success');
    // the rule's budget (2 per minute per principal) is shared by both tools
    expect((await runner.run({ name: 'read_file' }, { principal: dev })).status).toBe('rate_limited');
    const guest = await runner.run(
      { name: 'write_file' },
      { principal: { id: 'g', tenant: 'guest', roles: ['dev'] } },
    );
    expect(guest.error?.message).toContain('no writes for guests');
    expect(audits.slice(0, 5)).toEqual([
      'denied:read_file:',
      'allowed:read_file:fs#/rules/1',
      'confirmation_required:write_file:fs#/rules/1',
      'confirmed:write_file:fs#/rules/1',
      'denied:read_file:',
    ]);
    // the set itself plugs in too (membership + its policy)
    const set = toolset('fs-set').from([read, write]).policy(compiled).build();
    const bySet = createRunner({ policy: set, audit: () => {} });
    bySet.register(read, () => 'contents');
    expect((await bySet.run({ name: 'read_file' }, { principal: dev })).status).toBe('success');
  });
});
