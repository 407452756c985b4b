import { createArgumentValidator } from '@toolarsenal/toolmodel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuditRecord, ConfirmationError, createRunner, destructiveWord } from './index.js';
import { lookupTool, paymentTool, sleep } from './test-fixtures/helpers.js';

// One validator (one ajv instance) for the whole file keeps the suite fast.
const validator = createArgumentValidator();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('capability-based access', () => {
  it('denies a principal lacking capabilities or scopes and names what is missing', async () => {
    const runner = createRunner({ validator, confirmation: false });
    let ran = 0;
    runner.register({ ...paymentTool, requiredScopes: ['payments:write'] }, () => {
      ran++;
      return 'paid';
    });
    const reader = { id: 'reader', capabilities: ['read_data'], scopes: [] };
    const denied = await runner.run(
      { name: 'payment_send', arguments: { amount: 1, to: 'x' } },
      { principal: reader },
    );
    expect(denied.status).toBe('permission_denied');
    expect(denied.error?.code).toBe('PERMISSION_DENIED');
    expect(denied.error?.message).toContain('missing capabilities: financial');
    expect(denied.error?.message).toContain('missing scopes: payments:write');
    expect(denied.error?.details).toMatchObject({
      missingCapabilities: ['financial'],
      missingScopes: ['payments:write'],
    });
    const payer = { id: 'payer', capabilities: ['financial'], scopes: ['payments:write'] };
    const allowed = await runner.run(
      { name: 'payment_send', arguments: { amount: 1, to: 'x' } },
      { principal: payer },
    );
    expect(allowed.status).toBe('success');
    expect(ran).toBe(1);
  });

  it('checks permission before looking at arguments, and uses the default principal', async () => {
    const runner = createRunner({
      validator,
      confirmation: false,
      defaultPrincipal: { id: 'anon', capabilities: [] },
    });
    runner.register(paymentTool, () => 'paid');
    const result = await runner.run({ name: 'payment_send', arguments: '{not json' });
    expect(result.status).toBe('permission_denied');
  });

  it('leaves principals without a capability list unrestricted', async () => {
    const runner = createRunner({ validator, confirmation: false });
    runner.register(paymentTool, () => 'paid');
    const result = await runner.run({ name: 'payment_send', arguments: { amount: 1, to: 'x' } });
    expect(result.status).toBe('success');
  });
});

describe('confirmation', () => {
  it('holds glob-matched calls, runs them exactly once on confirm, even when confirmed twice at once', async () => {
    const runner = createRunner({ validator });
    let runs = 0;
    runner.register(
      { name: 'delete_file', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
      async (args) => {
        runs++;
        await sleep(20);
        return { deleted: args.path };
      },
    );
    const pending = await runner.run({ id: 'c1', name: 'delete_file', arguments: { path: '/tmp/x' } });
    expect(pending.status).toBe('pending_confirmation');
    expect(pending.ok).toBe(false);
    expect(pending.error?.code).toBe('CONFIRMATION_REQUIRED');
    expect(pending.confirmation?.reason).toContain('delete_*');
    expect(pending.confirmation?.token).toMatch(/^[\w-]{32}$/);
    expect(pending.confirmation?.expiresAt).toBe(Date.now() + 300_000);
    expect(runs).toBe(0);
    expect(runner.pendingConfirmations).toBe(1);

    const token = pending.confirmation?.token as string;
    const both = Promise.allSettled([runner.confirm(token), runner.confirm(token)]);
    await vi.advanceTimersByTimeAsync(20);
    const [first, second] = await both;
    expect(first.status).toBe('fulfilled');
    expect(first.status === 'fulfilled' && first.value).toMatchObject({
      status: 'success',
      callId: 'c1',
      result: { deleted: '/tmp/x' },
    });
    expect(second.status).toBe('rejected');
    expect(second.status === 'rejected' && ConfirmationError.isInstance(second.reason)).toBe(true);
    expect(runs).toBe(1);
    await expect(runner.confirm(token)).rejects.toMatchObject({ code: 'CONFIRMATION_UNKNOWN' });
    expect(runs).toBe(1);
  });

  it('holds destructive and requiresConfirmation tools; reject returns a cancelled result', async () => {
    const runner = createRunner({ validator });
    let runs = 0;
    runner.register({ name: 'drop_table', annotations: { destructiveHint: true } }, () => runs++);
    runner.register({ name: 'launch', requiresConfirmation: true }, () => runs++);
    const a = await runner.run({ name: 'drop_table' });
    const b = await runner.run({ name: 'launch' });
    expect(a.confirmation?.reason).toContain('destructive');
    expect(b.confirmation?.reason).toContain('requires confirmation');
    const rejected = runner.reject(a.confirmation?.token as string, 'not today');
    expect(rejected.status).toBe('cancelled');
    expect(rejected.error?.code).toBe('CONFIRMATION_REJECTED');
    expect(rejected.error?.message).toContain('not today');
    await expect(runner.confirm(a.confirmation?.token as string)).rejects.toThrow(ConfirmationError);
    expect(runs).toBe(0);
  });

  it('expires tokens', async () => {
    const runner = createRunner({ validator, confirmation: { ttlMs: 40 } });
    runner.register({ name: 'payment_refund' }, () => 'refunded');
    const pending = await runner.run({ name: 'payment_refund' });
    await vi.advanceTimersByTimeAsync(40);
    expect(runner.pendingConfirmations).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(runner.confirm(pending.confirmation?.token as string)).rejects.toMatchObject({
      code: 'CONFIRMATION_EXPIRED',
    });
  });

  it('honours custom patterns (case-sensitive globs) and per-tool overrides', async () => {
    const runner = createRunner({
      validator,
      confirmation: { patterns: ['wire_*', '{send,post}_*'], destructiveNames: false },
    });
    runner.register({ name: 'wire_money' }, () => 1);
    runner.register({ name: 'post_message' }, () => 1);
    runner.register({ name: 'Wire_money' }, () => 1);
    runner.register({ name: 'delete_cache' }, () => 2);
    runner.register({ name: 'wire_test' }, { requiresConfirmation: false, handler: () => 3 });
    expect((await runner.run({ name: 'wire_money' })).status).toBe('pending_confirmation');
    expect((await runner.run({ name: 'post_message' })).status).toBe('pending_confirmation');
    expect((await runner.run({ name: 'Wire_money' })).status).toBe('success');
    expect((await runner.run({ name: 'delete_cache' })).status).toBe('success');
    expect((await runner.run({ name: 'wire_test' })).status).toBe('success');
  });

  it('rejects invalid confirmation patterns at construction', () => {
    expect(() => createRunner({ confirmation: { patterns: ['delete_[x'] } })).toThrow(
      /patterns\[0\].*unclosed "\["/,
    );
    expect(() => createRunner({ confirmation: { patterns: ['!(safe)'] } })).toThrow(/extglobs are not/);
    expect(() => createRunner({ confirmation: { ttlMs: Number.NaN } })).toThrow(/ttlMs/);
  });

  it('holds unannotated tools with obvious destructive names (issue #14)', async () => {
    const runner = createRunner({ validator });
    const names = [
      'remove_user',
      'rm',
      'drop_table',
      'destroyCluster',
      'records_delete_all',
      'purge-cache',
      'git_rm',
    ];
    for (const name of names) runner.register({ name }, () => 'done');
    for (const name of names) {
      const r = await runner.run({ name });
      expect({ name, status: r.status }).toEqual({ name, status: 'pending_confirmation' });
      expect(r.confirmation?.reason).toMatch(/contains "\w+" and the tool has no safety annotations/);
    }
    // annotations are the tool's own word: read-only or explicitly non-destructive tools are not held
    runner.register({ name: 'remove_duplicates', annotations: { readOnlyHint: true } }, () => 'done');
    runner.register({ name: 'drop_shadow', annotations: { destructiveHint: false } }, () => 'done');
    runner.register({ name: 'model_deletion_report' }, () => 'done');
    for (const name of ['remove_duplicates', 'drop_shadow', 'model_deletion_report'])
      expect((await runner.run({ name })).status).toBe('success');
    // `confirmation: false` switches the whole runner policy off, name heuristics included
    const off = createRunner({ validator, confirmation: false });
    off.register({ name: 'drop_table' }, () => 'dropped');
    expect((await off.run({ name: 'drop_table' })).status).toBe('success');
    expect([
      destructiveWord('bulkDeleteRows'),
      destructiveWord('HTTPDelete'),
      destructiveWord('undelete'),
    ]).toEqual(['delete', 'delete', undefined]);
  });

  it('does not ask to confirm invalid calls', async () => {
    const runner = createRunner({ validator });
    runner.register(
      {
        name: 'delete_user',
        inputSchema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
      },
      () => 'gone',
    );
    expect((await runner.run({ name: 'delete_user', arguments: {} })).status).toBe('invalid_arguments');
  });
});

describe('audit', () => {
  it('records every decision without argument values by default', async () => {
    const records: AuditRecord[] = [];
    const runner = createRunner({ validator, audit: (r) => records.push(r) });
    runner.register(lookupTool, () => 'ok');
    runner.register({ name: 'delete_doc' }, () => 'gone');
    runner.register(paymentTool, () => 'paid');
    await runner.run({ name: 'lookup', arguments: { q: 'secret' } }, { principal: { id: 'u1' } });
    await runner.run({ name: 'missing' });
    await runner.run(
      { name: 'payment_send', arguments: { amount: 1, to: 'x' } },
      { principal: { id: 'u2', capabilities: [] } },
    );
    const pending = await runner.run({ name: 'delete_doc' });
    await runner.confirm(pending.confirmation?.token as string);
    expect(records.map((r) => `${r.decision}:${r.toolName}:${r.reason ?? ''}`)).toEqual([
      'allowed:lookup:',
      'denied:missing:TOOL_NOT_FOUND',
      'denied:payment_send:PERMISSION_DENIED',
      'confirmation_required:delete_doc:the tool name matches "delete_*"',
      'confirmed:delete_doc:',
    ]);
    expect(records[0]?.principalId).toBe('u1');
    expect(records.every((r) => !('arguments' in r))).toBe(true);
    expect(JSON.stringify(records)).not.toContain('secret');
  });

  it('includes argument values only when opted in', async () => {
    const records: AuditRecord[] = [];
    const runner = createRunner({ validator, audit: (r) => records.push(r), auditArguments: true });
    runner.register(lookupTool, () => 'ok');
    await runner.run({ name: 'lookup', arguments: { q: 'secret' } });
    expect(records[0]?.arguments).toEqual({ q: 'secret' });
  });
});

/** Reference glob semantics for `*`, `?` and literals: a plain O(pattern × value) table. */
function globReference(pattern: string, value: string): boolean {
  let row = Array.from({ length: value.length + 1 }, (_, j) => j === 0);
  for (const c of pattern) {
    const next = Array.from({ length: value.length + 1 }, () => false);
    if (c === '*') next[0] = row[0]!;
    for (let j = 1; j <= value.length; j++) {
      if (c === '*') next[j] = next[j - 1]! || row[j]!;
      else next[j] = row[j - 1]! && (c === '?' || c === value[j - 1]);
    }
    row = next;
  }
  return row[value.length]!;
}

describe('confirmation globs do bounded work on adversarial patterns (issue #14)', () => {
  it('patterns like *a*a*…*b against names up to 128 characters answer like the reference', async () => {
    const fc = (await import('fast-check')).default;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 4, max: 40 }),
        fc.integer({ min: 16, max: 128 }),
        fc.constantFrom('b', 'a', '?', 'a*'),
        fc.constantFrom('a', 'b'),
        async (stars, length, last, tail) => {
          const pattern = `${'*a'.repeat(stars)}*${last}`;
          const name = `${'a'.repeat(length - 1)}${tail}`;
          // A backtracking matcher takes seconds from about 5 stars on 128 characters (94 s at 6).
          const runner = createRunner({
            validator,
            confirmation: { patterns: [pattern], destructiveNames: false },
          });
          runner.register({ name }, () => 1);
          const result = await runner.run({ name });
          expect(result.status).toBe(globReference(pattern, name) ? 'pending_confirmation' : 'success');
        },
      ),
      { numRuns: 100 },
    );
  });
});
