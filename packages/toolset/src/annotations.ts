import type { Tool, ToolAnnotations } from '@toolarsenal/toolmodel';
import { toolAnnotations } from './tool-fields.js';

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

type HintTest = (a: ToolAnnotations) => boolean;

/**
 * One fixed-property reader per hint and wanted value (same semantics as `hintValue`): a named
 * property load is much cheaper than `annotations[hint]` with a variable key on per-decision paths.
 */
const HINT_TESTS: Record<HintName, readonly [whenFalse: HintTest, whenTrue: HintTest]> = {
  readOnlyHint: [(a) => a.readOnlyHint !== true, (a) => a.readOnlyHint === true],
  destructiveHint: [
    (a) => a.readOnlyHint === true || a.destructiveHint === false,
    (a) => a.readOnlyHint !== true && a.destructiveHint !== false,
  ],
  idempotentHint: [(a) => a.idempotentHint !== true, (a) => a.idempotentHint === true],
  openWorldHint: [(a) => a.openWorldHint === false, (a) => a.openWorldHint !== false],
};

/** `hintsMatch(tool, wanted)` compiled once for a fixed `wanted` list. */
export function compileHints(wanted: ReadonlyArray<readonly [HintName, boolean]>): (tool: Tool) => boolean {
  const tests = wanted.map(([h, v]) => HINT_TESTS[h][v ? 1 : 0]);
  if (tests.length === 1) {
    const only = tests[0]!;
    return (t) => only(toolAnnotations(t) as ToolAnnotations);
  }
  const n = tests.length;
  return (t) => {
    const a = toolAnnotations(t) as ToolAnnotations;
    for (let i = 0; i < n; i++) if (!tests[i]!(a)) return false;
    return true;
  };
}
