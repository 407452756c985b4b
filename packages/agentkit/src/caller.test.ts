import { defineTool } from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import { allow, policy, toolset } from '@toolarsenal/toolset';
import { describe, expect, it } from 'vitest';
import { createAccess, createToolCaller, readTools } from './index.js';

const read = defineTool({
  name: 'read_report',
  namespace: 'ops',
  description: 'Read a report.',
  capabilities: ['read_data'],
});
const pay = defineTool({
  name: 'pay_invoice',
  namespace: 'ops',
  description: 'Pay an invoice.',
  capabilities: ['financial'],
});

describe('policy and principal', () => {
  const set = toolset('ops')
    .from([read, pay])
    .policy(policy('p', { zeroTrust: true }, allow.role('sre')))
    .build();

  it('zero trust: a principal without the role lists and runs nothing; with it, everything', async () => {
    const runner = createRunner();
    runner.register(read, () => 'report');
    runner.register(pay, () => 'paid');
    expect(readTools(set, createAccess(set, { id: 'u1' }))).toEqual([]);
    expect(readTools(set, createAccess(set, { id: 'u2', roles: ['sre'] })).map((t) => t.name)).toEqual([
      'read_report',
      'pay_invoice',
    ]);
    const guest = createToolCaller({ runner, toolset: set, principal: { id: 'u1' } });
    expect(await guest.call(read, {})).toMatchObject({ ok: false, errorCode: 'TOOL_NOT_FOUND' });
    const sre = createToolCaller({ runner, toolset: set, principal: { id: 'u2', roles: ['sre'] } });
    expect(await sre.call(read, {})).toMatchObject({ ok: true, text: 'report' });
  });

  it('principal capabilities: tools needing others are neither listed nor run (the runner refuses them too)', async () => {
    const runner = createRunner();
    runner.register(read, () => 'report');
    runner.register(pay, () => 'paid');
    const principal = { id: 'u3', roles: ['sre'], capabilities: ['read_data'] };
    expect(readTools(set, createAccess(set, principal)).map((t) => t.name)).toEqual(['read_report']);
    const caller = createToolCaller({ runner, toolset: set, principal });
    expect((await caller.call(pay, {})).ok).toBe(false);
    // Without a toolset too: the runner's capability rule is mirrored, so it answers like an unknown tool.
    expect((await createToolCaller({ runner, principal }).call(pay, {})).status).toBe('not_found');
  });

  it('a malformed principal is an option error naming the field', () => {
    expect(() => createAccess(set, { id: 'x', roles: 'sre' } as never)).toThrow(/options.principal: .*roles/);
  });
});
