import type { Tool } from '@toolarsenal/toolmodel';

/**
 * Reads of tool fields on per-tool hot paths (source validation, filters, policy decisions).
 *
 * Tools reach a set in many object shapes (spread and frozen copies easily give every tool its own
 * hidden class), so a named read like `tool.id` is a megamorphic load whose inline-cache misses
 * call into the runtime (~0.3 µs per read over 10,000 tools). A keyed read whose key the compiler
 * cannot constant-fold takes V8's generic in-builtin property lookup instead, several times
 * cheaper there and no slower for the usual few shapes. The keys live in a plain (mutable, never
 * mutated) array on purpose: elements of a frozen array could be folded back into named reads.
 */
const KEYS: string[] = [
  'id',
  'name',
  'namespace',
  'tags',
  'capabilities',
  'annotations',
  'requiresConfirmation',
  'cost',
];

type Fields = Record<string, unknown>;

export function fieldId(tool: object): unknown {
  return (tool as Fields)[KEYS[0]!];
}
export function fieldName(tool: object): unknown {
  return (tool as Fields)[KEYS[1]!];
}
export function fieldTags(tool: object): unknown {
  return (tool as Fields)[KEYS[3]!];
}
export function fieldCapabilities(tool: object): unknown {
  return (tool as Fields)[KEYS[4]!];
}
export function fieldAnnotations(tool: object): unknown {
  return (tool as Fields)[KEYS[5]!];
}

export function toolId(tool: Tool): string {
  return (tool as unknown as Fields)[KEYS[0]!] as string;
}
export function toolName(tool: Pick<Tool, 'name'>): string {
  return (tool as unknown as Fields)[KEYS[1]!] as string;
}
export function toolNamespace(tool: Pick<Tool, 'namespace'>): string | undefined {
  return (tool as unknown as Fields)[KEYS[2]!] as string | undefined;
}
export function toolTags(tool: Tool): readonly string[] {
  return (tool as unknown as Fields)[KEYS[3]!] as readonly string[];
}
export function toolAnnotations(tool: Tool): Tool['annotations'] {
  return (tool as unknown as Fields)[KEYS[5]!] as Tool['annotations'];
}
export function toolRequiresConfirmation(tool: Tool): boolean {
  return (tool as unknown as Fields)[KEYS[6]!] as boolean;
}
export function toolCost(tool: Tool): Tool['cost'] {
  return (tool as unknown as Fields)[KEYS[7]!] as Tool['cost'];
}
