import { createArgumentValidator, type JsonObject } from '@toolarsenal/toolmodel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmationError, createRunner } from './index.js';
import { sleep } from './test-fixtures/helpers.js';

const validator = createArgumentValidator();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const deleteFile = {
  name: 'delete_file',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string', pattern: '^/tmp/' } },
    required: ['path'],
    additionalProperties: false,
  },
};

describe('the runner runs exactly the arguments it validated (issue #14)', () => {
  it('mutating the arguments after pending_confirmation changes nothing: confirm runs what was shown', async () => {
    const runner = createRunner({ validator });
    const deleted: string[] = [];
    runner.register(deleteFile, (args) => {
      deleted.push(args.path as string);
      return 'deleted';
    });
    const args: Record<string, unknown> = { path: '/tmp/report.txt' };
    const pending = await runner.run({ name: 'delete_file', arguments: args });
    expect(pending.status).toBe('pending_confirmation');
    expect(pending.confirmation?.arguments).toEqual({ path: '/tmp/report.txt' });
    args.path = '/etc/passwd';
    const done = await runner.confirm(pending.confirmation!.token);
    expect(done.status).toBe('success');
    expect(deleted).toEqual(['/tmp/report.txt']);
  });

  it('binds the token to the hash of what was approved', async () => {
    const runner = createRunner({ validator });
    runner.register(deleteFile, () => 'deleted');
    const a = await runner.run({ name: 'delete_file', arguments: { path: '/tmp/a' } });
    const b = await runner.run({ name: 'delete_file', arguments: { path: '/tmp/b' } });
    expect(a.confirmation?.argumentsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.confirmation?.argumentsHash).not.toBe(b.confirmation?.argumentsHash);
    // The approving UI passes the hash it showed; another call's hash is refused.
    await expect(
      runner.confirm(a.confirmation!.token, { argumentsHash: b.confirmation!.argumentsHash }),
    ).rejects.toMatchObject({ code: 'CONFIRMATION_MISMATCH' });
    await expect(runner.confirm(a.confirmation!.token)).rejects.toThrow(ConfirmationError);
    const ok = await runner.confirm(b.confirmation!.token, { argumentsHash: b.confirmation!.argumentsHash });
    expect(ok.status).toBe('success');
  });

  it('mutating the arguments while the call waits in the concurrency queue changes nothing', async () => {
    const runner = createRunner({ validator });
    const seen: JsonObject[] = [];
    runner.register(
      {
        name: 'weather',
        inputSchema: {
          type: 'object',
          properties: { city: { type: 'string' } },
          additionalProperties: false,
        },
      },
      {
        concurrency: { limit: 1, queue: 10 },
        handler: async (args) => {
          seen.push({ ...args });
          await sleep(10);
          return 'ok';
        },
      },
    );
    const first = runner.run({ name: 'weather', arguments: { city: 'Rome' } });
    const args: Record<string, unknown> = { city: 'Oslo' };
    const queued = runner.run({ name: 'weather', arguments: args });
    args.city = 42;
    args.injected = 'x';
    await vi.advanceTimersByTimeAsync(20);
    expect((await first).status).toBe('success');
    expect((await queued).status).toBe('success');
    expect(seen).toEqual([{ city: 'Rome' }, { city: 'Oslo' }]);
  });

  it('handlers get a frozen private copy, nested values included, and every retry gets the same', async () => {
    const runner = createRunner({ validator });
    const attempts: unknown[] = [];
    runner.register(
      { name: 'store', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      {
        retry: { maxAttempts: 2, initialDelayMs: 10, jitter: false },
        handler: (args, req) => {
          attempts.push(structuredClone(args));
          expect(Object.isFrozen(args)).toBe(true);
          expect(Object.isFrozen(args.nested)).toBe(true);
          expect(() => {
            (args.nested as { list: unknown[] }).list.push(3);
          }).toThrow(TypeError);
          if (req.attempt === 1) throw Object.assign(new Error('flaky'), { code: 'ECONNRESET' });
          return 'stored';
        },
      },
    );
    const input = { nested: { list: [1, 2] } };
    const run = runner.run({ name: 'store', arguments: input });
    input.nested.list.push(99);
    await vi.advanceTimersByTimeAsync(10);
    expect((await run).status).toBe('success');
    expect(attempts).toEqual([{ nested: { list: [1, 2] } }, { nested: { list: [1, 2] } }]);
    expect(Object.isFrozen(input)).toBe(false);
  });

  it('a getter cannot show one value to the validator and another to the handler', async () => {
    const runner = createRunner({ validator });
    const seen: unknown[] = [];
    runner.register(
      {
        name: 'pick',
        inputSchema: { type: 'object', properties: { path: { type: 'string', pattern: '^/tmp/' } } },
      },
      (args) => seen.push(args.path),
    );
    let reads = 0;
    const flat = Object.defineProperty({}, 'path', {
      enumerable: true,
      get: () => (++reads === 1 ? '/tmp/ok' : '/etc/passwd'),
    });
    const nested = Object.defineProperty({ deep: {} }, 'path', {
      enumerable: true,
      get: () => (++reads % 2 === 0 ? '/tmp/ok' : '/etc/passwd'),
    });
    expect((await runner.run({ name: 'pick', arguments: flat })).status).toBe('success');
    const second = await runner.run({ name: 'pick', arguments: nested });
    expect(seen[0]).toBe('/tmp/ok');
    if (second.status === 'success') expect(seen[1]).toMatch(/^\/tmp\//);
    else expect(second.status).toBe('invalid_arguments');
  });
});
