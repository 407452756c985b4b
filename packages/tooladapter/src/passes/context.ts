import type { SchemaChange } from '@toolarsenal/toolmodel';
import type { DialectLimits, Loss } from '../types.js';

/** Shared state of one lowering run: where losses go and what the target allows. */
export interface PassContext {
  readonly losses: Loss[];
  /** Human label of the target for loss details, e.g. `OpenAI strict`. */
  readonly target: string;
  readonly limits: DialectLimits;
  /** Set by passes that change the shape of arguments (so decode/encode must run). */
  argsChanged: boolean;
}

export function createContext(target: string, limits: DialectLimits): PassContext {
  return { losses: [], target, limits, argsChanged: false };
}

export function note(
  ctx: PassContext,
  pointer: string,
  keyword: string,
  action: SchemaChange['action'],
  detail: string,
): void {
  ctx.losses.push({ pointer, keyword, action, detail });
}
