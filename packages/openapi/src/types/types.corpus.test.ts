import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toCanonical } from '@toolarsenal/tooladapter';
import { updateTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../import-openapi.js';
import { CORPUS, OPENAPI_DATA, spec } from '../test-fixtures/corpus.js';
import { tscStrict } from '../test-fixtures/tsc.js';
import { generateTypes } from './generate-types.js';

const MCP_TOOLS = new URL('../mcp-tools/livemcptool.jsonl', `file://${OPENAPI_DATA}`);

describe('types for every tool of the shared corpora compile with tsc --strict', () => {
  it('527 MCP tools and every imported OpenAPI document', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolarsenal-types-corpus-'));
    const files: string[] = [];
    const rows = readFileSync(MCP_TOOLS, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { server_key: string; tool: unknown });
    // The corpus repeats tool names across servers: the server becomes the namespace.
    const mcp = rows.map((row) =>
      updateTool(toCanonical(row.tool, 'mcp').tools[0]!, {
        namespace: row.server_key.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^[^A-Za-z0-9]+/, ''),
      }),
    );
    expect(mcp).toHaveLength(527);
    const mcpTypes = await generateTypes(mcp);
    expect(mcpTypes.tools).toHaveLength(527);
    files.push(join(dir, 'mcp.ts'));
    writeFileSync(files.at(-1)!, mcpTypes.source);
    let documents = 0;
    for (const [i, entry] of CORPUS.entries()) {
      const { tools } = await importOpenApi(spec(entry.file));
      const generated = await generateTypes(tools);
      expect(generated.tools).toHaveLength(tools.length);
      files.push(join(dir, `openapi-${i}.ts`));
      writeFileSync(files.at(-1)!, generated.source);
      documents++;
    }
    expect(documents).toBe(15);
    const result = tscStrict(...files);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  }, 1_200_000);
});
