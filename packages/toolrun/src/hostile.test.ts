import { createArgumentValidator, defineTool } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRunner, ToolRegistrationError } from './index.js';

const validator = createArgumentValidator();

function setup() {
  let runs = 0;
  const runner = createRunner({ validator });
  runner.register({ name: 'store', inputSchema: { type: 'object', properties: { value: {} } } }, () => {
    runs++;
    return 'stored';
  });
  return { runner, runs: () => runs };
}

/** Runs `fn` and returns its value (speed bounds live in bench/, not in unit tests). */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T }> {
  return { value: await fn() };
}

describe('canonical tools', () => {
  it('parses a frozen look-alike of a canonical tool instead of taking it as one', () => {
    const runner = createRunner({ validator });
    const real = defineTool({ name: 'store', inputSchema: { type: 'object', properties: { value: {} } } });
    expect(runner.register(real, () => 'stored')).toBe(real);
    const lookAlike = Object.freeze({
      ...real,
      name: 'other',
      inputSchema: Object.freeze({ type: 'strin' }),
    });
    expect(() => runner.register(lookAlike, () => 'stored')).toThrowError(ToolRegistrationError);
    const copy = Object.freeze({ ...real });
    const registered = createRunner({ validator }).register(copy, () => 'stored');
    expect(registered).not.toBe(copy);
    expect(registered.contentHash).toBe(real.contentHash);
  });
});

describe('hostile arguments', () => {
  it('refuses __proto__ payloads from JSON text and from objects', async () => {
    const { runner, runs } = setup();
    const text = await runner.run({ name: 'store', arguments: '{"value":{"__proto__":{"polluted":true}}}' });
    expect(text.status).toBe('invalid_arguments');
    expect(text.error?.message).toContain('/value/__proto__');
    const obj = await runner.run({
      name: 'store',
      arguments: JSON.parse('{"value":1,"__proto__":{"polluted":true}}'),
    });
    expect(obj.status).toBe('invalid_arguments');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(runs()).toBe(0);
    // `constructor` and `prototype` are ordinary argument names (only `__proto__` is refused).
    const legit = await runner.run({
      name: 'store',
      arguments: JSON.parse('{"constructor":{"prototype":{}}}'),
    });
    expect(legit.status).toBe('success');
    expect(runs()).toBe(1);
  });

  it('refuses a 50 MB string fast, as a value and as JSON text', async () => {
    const { runner, runs } = setup();
    const huge = 'x'.repeat(50 * 1024 * 1024);
    const asValue = await timed(() => runner.run({ name: 'store', arguments: { value: huge } }));
    expect(asValue.value.status).toBe('invalid_arguments');
    expect(asValue.value.error?.message).toContain('/value');
    const asText = await timed(() => runner.run({ name: 'store', arguments: `{"value":"${huge}"}` }));
    expect(asText.value.status).toBe('invalid_arguments');
    expect(asText.value.error?.message).toMatch(/above the limit/);
    expect(runs()).toBe(0);
  });

  it('refuses deep nesting fast, without blowing the stack', async () => {
    const { runner, runs } = setup();
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { value: deep };
    const asObject = await timed(() => runner.run({ name: 'store', arguments: deep }));
    expect(asObject.value.status).toBe('invalid_arguments');
    expect(asObject.value.error?.message).toContain('nesting deeper than');
    const text = `${'{"value":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    const asText = await timed(() => runner.run({ name: 'store', arguments: text }));
    expect(asText.value.status).toBe('invalid_arguments');
    expect(runs()).toBe(0);
  });

  it('refuses cycles and non-JSON values', async () => {
    const { runner } = setup();
    const cyclic: Record<string, unknown> = {};
    cyclic.value = cyclic;
    expect((await runner.run({ name: 'store', arguments: cyclic })).status).toBe('invalid_arguments');
    expect((await runner.run({ name: 'store', arguments: { value: 10n } })).status).toBe('invalid_arguments');
    expect((await runner.run({ name: 'store', arguments: { value: () => 1 } })).status).toBe(
      'invalid_arguments',
    );
    expect((await runner.run({ name: 'store', arguments: { value: new Date() } })).status).toBe(
      'invalid_arguments',
    );
  });

  it('survives malformed calls', async () => {
    const { runner } = setup();
    const weird = [
      null,
      undefined,
      42,
      { name: 7 },
      { name: 'store', arguments: 5 },
      { name: 'store', id: 9 },
    ];
    for (const call of weird) {
      const result = await runner.run(call as never);
      expect(['not_found', 'invalid_arguments', 'success']).toContain(result.status);
    }
  });

  it('never throws and always answers with a known status for arbitrary argument values', async () => {
    const { runner } = setup();
    const statuses = new Set(['success', 'invalid_arguments']);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.json(), fc.string()), async (args) => {
        const result = await runner.run({ name: 'store', arguments: args });
        expect(statuses.has(result.status)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('catastrophic schema patterns (issue #14)', () => {
  it('an untrusted ^(a+)+$ pattern cannot block the event loop: validation answers for a long argument', async () => {
    const runner = createRunner({ validator });
    runner.register(
      {
        name: 'pick',
        inputSchema: { type: 'object', properties: { v: { type: 'string', pattern: '^(a+)+$' } } },
      },
      () => 'ran',
    );
    // 27 characters blocked the event loop for 9.6 s with a backtracking RegExp; 100,000 now answer at once.
    const result = await runner.run({ name: 'pick', arguments: { v: `${'a'.repeat(100_000)}!` } });
    expect(result.status).toBe('invalid_arguments');
    expect(result.error?.message).toContain('/v: must match pattern');
    expect((await runner.run({ name: 'pick', arguments: { v: 'aaa' } })).status).toBe('success');
  });

  it('a pattern the linear engine cannot run is refused at registration, naming why', () => {
    const runner = createRunner({ validator });
    const tool = {
      name: 'password',
      inputSchema: { type: 'object', properties: { p: { type: 'string', pattern: '^(?=.*[A-Z]).{8,}$' } } },
    };
    expect(() => runner.register(tool, () => 'ok')).toThrow(ToolRegistrationError);
    expect(() => runner.register(tool, () => 'ok')).toThrow(/linear-time engine/);
  });
});
