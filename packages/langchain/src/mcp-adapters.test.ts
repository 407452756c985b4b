import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { createIndex } from '@toolarsenal/toolindex';
import { createRunner } from '@toolarsenal/toolrun';
import { afterAll, describe, expect, it } from 'vitest';
import { fromLangChainTools, ToolIndexRetriever } from './index.js';

// A real MCP server (server-everything over stdio) through LangChain's own MCP adapter.
const require = createRequire(import.meta.url);
const pkgJson = require.resolve('@modelcontextprotocol/server-everything/package.json');
const bin = (require(pkgJson) as { bin: Record<string, string> | string }).bin;
const entry = join(dirname(pkgJson), typeof bin === 'string' ? bin : Object.values(bin)[0]!);

describe('tools from @langchain/mcp-adapters join the arsenal', () => {
  const client = new MultiServerMCPClient({
    mcpServers: {
      everything: { transport: 'stdio', command: process.execPath, args: [entry, 'stdio'], stderr: 'ignore' },
    },
  });
  afterAll(() => client.close());

  it('are read into canonical tools, indexed, and run through the runner', { timeout: 120_000 }, async () => {
    const lcTools = await client.getTools();
    const { tools, executor } = fromLangChainTools(lcTools, { namespace: 'mcp.everything' });
    const sum = tools.find((t) => t.name.endsWith('get-sum'))!;
    expect(sum.id).toMatch(/^mcp\.everything:/);
    expect(sum.inputSchema).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
    });
    const index = createIndex();
    index.add(tools);
    const [doc] = await new ToolIndexRetriever({ index, k: 1 }).invoke('the sum of two numbers');
    expect(doc!.metadata.id).toBe(sum.id);
    const runner = createRunner({ executors: [executor], tools });
    const ok = await runner.run({ name: sum.id, arguments: { a: 2, b: 3 } });
    expect(ok.status).toBe('success');
    expect(JSON.stringify(ok.result)).toContain('The sum of 2 and 3 is 5.');
    const bad = await runner.run({ name: sum.id, arguments: { a: 'two' } });
    expect(bad.status).toBe('invalid_arguments');
  });
});
