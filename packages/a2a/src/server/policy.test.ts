import { defineTool } from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import { deny, policy, toolset } from '@toolarsenal/toolset';
import { describe, expect, it } from 'vitest';
import { createA2AServer } from './server.js';

const open = defineTool({
  name: 'open_data',
  description: 'Public data',
  inputSchema: { type: 'object', properties: {} },
});
const scoped = defineTool({
  name: 'reports',
  description: 'Needs reports:read',
  requiredScopes: ['reports:read'],
  inputSchema: { type: 'object', properties: {} },
});
const blocked = defineTool({
  name: 'blocked',
  description: 'Denied for tenant x',
  inputSchema: { type: 'object', properties: {} },
});

function server() {
  const runner = createRunner();
  for (const tool of [open, scoped, blocked]) runner.register(tool, () => ({ ok: tool.name }));
  const set = toolset('all')
    .from([open, scoped, blocked])
    .policy(policy('p', {}, deny.tool('blocked').tenant('x')))
    .build();
  return createA2AServer({ runner, toolset: set, card: { name: 'Policy', description: 'policy tests' } });
}

const skills = (card: Record<string, unknown>) => (card.skills as { id: string }[]).map((s) => s.id).sort();

describe('policies on the served card', () => {
  it('lists a skill only when the caller holds the scopes and the policy allows it', () => {
    const s = server();
    expect(skills(s.cardFor({}))).toEqual(['blocked', 'open_data', 'reports']);
    expect(skills(s.cardFor({ scopes: [] }))).toEqual(['blocked', 'open_data']);
    expect(skills(s.cardFor({ scopes: ['reports:read'], tenant: 'x' }))).toEqual(['open_data', 'reports']);
  });

  it('does not serve tools the runner does not know', () => {
    const runner = createRunner();
    runner.register(open, () => 1);
    const s = createA2AServer({
      runner,
      toolset: toolset('all').from([open, scoped]).build(),
      card: { name: 'Partial', description: 'only what runs' },
    });
    expect(skills(s.cardFor())).toEqual(['open_data']);
  });
});
