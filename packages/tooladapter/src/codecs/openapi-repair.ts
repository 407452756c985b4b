import {
  invalidPatternReason,
  joinPointer,
  type JsonSchemaObject,
  mapSchemaShared,
  toUnicodePattern,
  type ToolInput,
} from '@toolarsenal/toolmodel';
import type { Loss } from '../types.js';

type Repair = (node: JsonSchemaObject, at: () => string, losses: Loss[]) => JsonSchemaObject | undefined;

/**
 * OpenAPI documents carry `enum: []` (Discord's, next to an `allOf` naming the real enumeration):
 * it admits no value and validators refuse to compile it. The keyword is dropped; the node's other
 * keywords still apply.
 */
const emptyEnum: Repair = (node, at, losses) => {
  if (!Array.isArray(node.enum) || node.enum.length > 0) return undefined;
  const { enum: _dropped, ...rest } = node;
  losses.push({
    pointer: joinPointer(at(), 'enum'),
    keyword: 'enum',
    action: 'dropped',
    detail:
      'enum: [] admits no value and validators cannot compile it; dropped (the other keywords still apply)',
  });
  return rest;
};

/**
 * Patterns written for legacy-mode regular expressions (DigitalOcean's `^[a-zA-Z0-9_\-\:]+$`) do not
 * compile in unicode mode, the mode validators use: rewritten to the same meaning when that is
 * possible, dropped otherwise.
 */
const legacyPattern: Repair = (node, at, losses) => {
  if (typeof node.pattern !== 'string') return undefined;
  const reason = invalidPatternReason(node.pattern);
  if (reason === undefined) return undefined;
  const pointer = joinPointer(at(), 'pattern');
  const rewritten = toUnicodePattern(node.pattern);
  if (rewritten !== undefined) {
    losses.push({
      pointer,
      keyword: 'pattern',
      action: 'rewritten',
      detail: `pattern invalid in unicode mode (${reason}); rewritten to ${JSON.stringify(rewritten)}, same meaning`,
    });
    return { ...node, pattern: rewritten };
  }
  const { pattern: _dropped, ...rest } = node;
  losses.push({
    pointer,
    keyword: 'pattern',
    action: 'dropped',
    detail: `pattern is not a valid regular expression in unicode mode (${reason}); dropped`,
  });
  return rest;
};

const REPAIRS: Repair[] = [emptyEnum, legacyPattern];

/**
 * Repairs what an imported schema carries that validators cannot compile, so every imported tool
 * compiles with validateArguments; each repair is reported as a loss located in the tool.
 * Copy-on-write: schemas needing no repair are returned as they are.
 */
export function repairImportedSchemas(input: ToolInput, losses: Loss[]): void {
  const repair = (schema: unknown, base: string): unknown =>
    mapSchemaShared(
      schema,
      (node, pointerOf) => {
        let out = node;
        for (const fix of REPAIRS) out = fix(out, pointerOf, losses) ?? out;
        return out;
      },
      base,
    );
  if (input.inputSchema !== undefined)
    input.inputSchema = repair(input.inputSchema, '/inputSchema') as ToolInput['inputSchema'];
  if (input.outputSchema !== undefined)
    input.outputSchema = repair(input.outputSchema, '/outputSchema') as ToolInput['outputSchema'];
}
