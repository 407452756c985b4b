import {
  isPlainObject,
  joinPointer,
  type JsonSchema,
  type JsonSchemaObject,
  mapSchemaLazy,
} from '@toolarsenal/toolmodel';
import { isUnicodeRegex, repairUnicodeRegex, runsOnValidators } from './regex-repair.js';

/** One change made so a schema compiles with a JSON Schema validator, located in the tool. */
export interface SchemaRepair {
  /** JSON pointer into the tool (e.g. `/inputSchema/properties/query/properties/tag/pattern`). */
  pointer: string;
  message: string;
}

/**
 * Makes an imported schema compile with `validateArguments` (ajv, JSON Schema 2020-12, unicode
 * regular expressions), changing as little as possible and saying what changed:
 * - a `pattern` (or `patternProperties` key) written for legacy regular expressions is rewritten to
 *   mean the same in unicode mode (`\:` → `:`), or dropped when it cannot be; one validators cannot
 *   run (lookaround, backreferences: patterns run on a linear-time engine) is dropped;
 * - `enum: []` (admits nothing; validators refuse to compile it) is dropped: the other keywords of
 *   the schema (often an `allOf` naming the real enumeration) still apply.
 */
export function repairForValidators(
  schema: JsonSchema,
  basePointer: string,
): { schema: JsonSchema; repairs: SchemaRepair[] } {
  const repairs: SchemaRepair[] = [];
  const repaired = mapSchemaLazy(
    schema,
    (node, pointerOf) => {
      if (typeof node.pattern === 'string' && !runsOnValidators(node.pattern)) {
        repairs.push(repairPattern(node, pointerOf()));
      }
      if (Array.isArray(node.enum) && node.enum.length === 0) {
        delete node.enum;
        repairs.push({
          pointer: `${pointerOf()}/enum`,
          message: 'enum: [] admits no value and cannot be compiled by validators; dropped',
        });
      }
      if (isPlainObject(node.patternProperties)) {
        node.patternProperties = repairPatternKeys(node.patternProperties, pointerOf(), repairs);
      }
      return node;
    },
    basePointer,
  ) as JsonSchema;
  return { schema: repaired, repairs };
}

function repairPattern(node: JsonSchemaObject, pointer: string): SchemaRepair {
  const original = node.pattern as string;
  if (isUnicodeRegex(original)) {
    delete node.pattern;
    return { pointer: `${pointer}/pattern`, message: `${describeLinear('pattern', original)}; dropped` };
  }
  const fixed = repairUnicodeRegex(original);
  if (fixed === undefined) {
    delete node.pattern;
    return {
      pointer: `${pointer}/pattern`,
      message: `pattern ${JSON.stringify(original)} is not a valid regular expression in unicode mode; dropped`,
    };
  }
  node.pattern = fixed;
  return {
    pointer: `${pointer}/pattern`,
    message: `pattern ${JSON.stringify(original)} is not valid in unicode mode; rewritten as ${JSON.stringify(fixed)} (same meaning)`,
  };
}

function repairPatternKeys(
  map: Record<string, unknown>,
  pointer: string,
  repairs: SchemaRepair[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(map)) {
    if (runsOnValidators(key)) {
      out[key] = value;
      continue;
    }
    const at = joinPointer(pointer, 'patternProperties', key);
    if (isUnicodeRegex(key)) {
      repairs.push({ pointer: at, message: `${describeLinear('patternProperties key', key)}; dropped` });
      continue;
    }
    const fixed = repairUnicodeRegex(key);
    if (fixed === undefined || fixed in out || fixed in map) {
      repairs.push({
        pointer: at,
        message: `patternProperties key ${JSON.stringify(key)} is not a valid regular expression in unicode mode; dropped`,
      });
      continue;
    }
    out[fixed] = value;
    repairs.push({
      pointer: at,
      message: `patternProperties key ${JSON.stringify(key)} rewritten as ${JSON.stringify(fixed)} (unicode mode)`,
    });
  }
  return out;
}

function describeLinear(what: string, pattern: string): string {
  return `${what} ${JSON.stringify(pattern)} needs backtracking (lookaround or backreferences), which validators do not run (patterns run on a linear-time engine)`;
}
