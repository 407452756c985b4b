import { joinPointer, mapSchemaShared, type ToolInput } from '@toolarsenal/toolmodel';
import type { Loss } from '../types.js';

/**
 * OpenAPI documents carry `enum: []` (Discord's, next to an `allOf` naming the real enumeration):
 * it admits no value, validators refuse to compile it and toolmodel refuses the tool. The keyword
 * is dropped, the node's other keywords still apply, and each drop is reported as a loss located
 * in the tool. Copy-on-write: schemas without an empty enum are returned as they are.
 */
export function dropEmptyEnums(input: ToolInput, losses: Loss[]): void {
  const repair = (schema: unknown, base: string): unknown =>
    mapSchemaShared(
      schema,
      (node, pointerOf, owned) => {
        if (!Array.isArray(node.enum) || node.enum.length > 0) return node;
        const out = owned ? node : { ...node };
        delete out.enum;
        losses.push({
          pointer: joinPointer(pointerOf(), 'enum'),
          keyword: 'enum',
          action: 'dropped',
          detail:
            'enum: [] admits no value and validators cannot compile it; dropped (the other keywords still apply)',
        });
        return out;
      },
      base,
    );
  if (input.inputSchema !== undefined)
    input.inputSchema = repair(input.inputSchema, '/inputSchema') as ToolInput['inputSchema'];
  if (input.outputSchema !== undefined)
    input.outputSchema = repair(input.outputSchema, '/outputSchema') as ToolInput['outputSchema'];
}
