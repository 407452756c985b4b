import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toCanonical } from '@toolarsenal/tooladapter';
import type { Tool } from '@toolarsenal/toolmodel';

/** Path of a document written for the unit tests (`src/test-fixtures/specs/<name>`). */
export const fixture = (name: string): string => fileURLToPath(new URL(`specs/${name}`, import.meta.url));

/** A few MCP tools (recursive pointer refs, nullable unions, bounded arrays) as canonical tools. */
export function fixtureMcpTools(): Tool[] {
  const raw = JSON.parse(readFileSync(new URL('mcp-tools.json', import.meta.url), 'utf8')) as unknown;
  return toCanonical(raw, 'mcp').tools;
}
