import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { allow, deny, instantiateConfig, parseToolsetConfig, policy, toolset } from './index.js';

describe('README example', () => {
  it('runs as documented', () => {
    const tools = [
      defineTool({
        name: 'git_status',
        namespace: 'mcp.git',
        tags: ['code'],
        annotations: { readOnlyHint: true },
      }),
      defineTool({
        name: 'git_reset',
        namespace: 'mcp.git',
        tags: ['code'],
        annotations: { destructiveHint: true },
      }),
      defineTool({
        name: 'list-containers',
        namespace: 'mcp.docker',
        tags: ['code'],
        annotations: { readOnlyHint: true },
      }),
      defineTool({ name: 'get_price', namespace: 'mcp.finance', tags: ['finance'] }),
    ];
    const devops = toolset('devops')
      .from(tools)
      .namespace('mcp.git', 'mcp.docker')
      .tagsNone('finance')
      .exclude('git_reset')
      .policy(policy('ops', { zeroTrust: true }, deny.destructive(), allow.role('sre').audit()))
      .build();
    expect([...devops.ids()]).toEqual(['mcp.git:git_status@1.0.0', 'mcp.docker:list-containers@1.0.0']);
    expect(devops.explain('mcp.git:git_reset@1.0.0').reason).toBe(
      'excluded by pattern "git_reset" (exclude always wins)',
    );
    const decision = devops.evaluate({ tenant: 'acme', roles: ['sre'] }, 'mcp.git:git_status@1.0.0');
    expect([decision.allow, decision.reason, decision.obligations.audit]).toEqual([
      true,
      'allowed by rule "ops#/rules/1": role in ["sre"]',
      'basic',
    ]);
    const finance = toolset('finance').from(tools).tagsAny('finance').build();
    const both = devops.union(finance, { id: 'devops-and-finance' });
    expect(both.explain('mcp.finance:get_price@1.0.0').reason).toBe('in "finance"');
    const turn = devops.prepareTurn('openai-chat', { forced: ['git_status'] });
    const name = turn.exported.names.toTarget['mcp.git:git_status@1.0.0'];
    expect(turn.toolChoice).toEqual({
      field: 'tool_choice',
      value: { type: 'function', function: { name } },
    });
    const config = parseToolsetConfig(
      '\ntoolsets:\n  - id: readonly\n    owner: ${OWNER:-platform}\n    annotations: { readOnlyHint: true }\n',
      { file: 'toolsets.yaml', env: {} },
    );
    expect(instantiateConfig(config, tools).toolsets.get('readonly')?.size).toBe(2);
    expect(name).toBe('git_status');
  });
});
