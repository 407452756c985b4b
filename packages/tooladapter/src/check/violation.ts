import { parsePointer } from '@toolarsenal/toolmodel';
import type { Violation } from '../types.js';

export class ViolationList {
  readonly items: Violation[] = [];
  constructor(private readonly max = 500) {}
  add(pointer: string, rule: string, message: string): void {
    if (this.items.length < this.max) this.items.push({ pointer, rule, message });
  }
}

/** OpenAI's `In context=('properties', 'x')` notation for a schema pointer relative to the root. */
export function openaiContext(relative: string): string {
  const parts = relative === '' ? [] : parsePointer(relative);
  return `(${parts.map((p) => `'${p}'`).join(', ')}${parts.length === 1 ? ',' : ''})`;
}

/** Google's field path notation: `parameters.properties[x].type`. */
export function googlePath(prefix: string, relative: string): string {
  const parts = relative === '' ? [] : parsePointer(relative);
  let out = prefix;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const parent = parts[i - 1];
    if (parent === 'properties' || /^\d+$/.test(p)) out += `[${p}]`;
    else out += `.${p}`;
  }
  return out;
}
