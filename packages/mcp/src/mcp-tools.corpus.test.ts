import { InMemoryTransport } from '@modelcontextprotocol/client';
import { loadMcpCorpus as corpus } from '@toolarsenal/toolkit-testing';
import { describe, expect, it } from 'vitest';
import { connectMcp, createMcpServer, customTransport } from './index.js';
import { serveStdio } from './stdio.js';

describe('527 real MCP tools through a ToolArsenal server and client', () => {
  it.each(['legacy', 'modern'] as const)('come back exactly (static mode, %s era)', async (era) => {
    const tools = corpus();
    expect(tools.length).toBe(527);
    const server = createMcpServer({ tools, mode: 'static' });
    const transport = customTransport('memory', 'in-process', async () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      serveStdio(server, { transport: serverSide });
      return clientSide;
    });
    const connection = await connectMcp({ name: 'corpus', transport, namespace: false, era });
    expect(connection.era).toBe(era);
    try {
      expect(connection.problems).toEqual([]);
      const back = new Map(connection.tools().map((t) => [t.id, t]));
      expect(back.size).toBe(new Set(tools.map((t) => t.id)).size);
      for (const tool of tools) expect(back.get(tool.id)?.contentHash, tool.id).toBe(tool.contentHash);
    } finally {
      await connection.close();
      await server.close();
    }
  });

  it('finds tools for plain requests among all 527 in dynamic mode', async () => {
    const server = createMcpServer({ tools: corpus() });
    const transport = customTransport('memory', 'in-process', async () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.factory({ era: 'legacy' }).connect(serverSide);
      return clientSide;
    });
    const connection = await connectMcp({ name: 'corpus', transport, era: 'legacy' });
    try {
      const found = await connection.callTool('find_tools', { query: 'current stock price of a company' });
      expect((found.structuredContent as { tools: { id: string }[] }).tools[0]!.id).toMatch(
        /get_current_stock_price$/,
      );
    } finally {
      await connection.close();
      await server.close();
    }
  });
});
