import type { Tool, ToolAnnotations } from '@toolarsenal/toolmodel';

export const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
export type HintName = (typeof HINTS)[number];

/** MCP defaults for absent hints (MCP spec: readOnly false, destructive true, idempotent false, openWorld true). */
const DEFAULTS: Record<HintName, boolean> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/**
 * A hint's effective value: the declared value, else the MCP default. `destructiveHint` only
 * means something for non-read-only tools, so a read-only tool is never destructive.
 */
export function hintValue(tool: Pick<Tool, 'annotations'>, hint: HintName): boolean {
  const a = tool.annotations as ToolAnnotations;
  if (hint === 'destructiveHint' && a.readOnlyHint === true) return false;
  const v = a[hint];
  return typeof v === 'boolean' ? v : DEFAULTS[hint];
}

/** Every `[hint, value]` pair holds for the tool (plain loop: runs once per tool per build or decision). */
export function hintsMatch(tool: Tool, wanted: ReadonlyArray<readonly [HintName, boolean]>): boolean {
  for (let i = 0; i < wanted.length; i++) {
    const w = wanted[i]!;
    if (hintValue(tool, w[0]) !== w[1]) return false;
  }
  return true;
}
