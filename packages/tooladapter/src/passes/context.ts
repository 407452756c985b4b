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
  /** Where the target forbids recursion: unfold then cut (default) or throw. */
  onRecursion: 'unfold' | 'error';
}

/** A fresh context; its losses are appended to `losses` when given. */
export function createContext(
  target: string,
  limits: DialectLimits,
  onRecursion: 'unfold' | 'error' = 'unfold',
  losses: Loss[] = [],
): PassContext {
  return { losses, target, limits, argsChanged: false, onRecursion };
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
