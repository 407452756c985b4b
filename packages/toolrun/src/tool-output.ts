import type { ContentBlock } from '@toolarsenal/tooladapter';

export type { ContentBlock };

/**
 * What an executor returns when a plain value is not enough: the value (used for
 * `result.result`, output validation and structured content) plus rich content blocks
 * (images, resource links…) that `formatResult` passes to dialects that accept them.
 */
export class ToolOutput {
  constructor(
    readonly value: unknown,
    readonly content?: readonly ContentBlock[],
  ) {}
}

/** Shorthand for `new ToolOutput(value, content)`. */
export function toolOutput(value: unknown, content?: readonly ContentBlock[]): ToolOutput {
  return new ToolOutput(value, content);
}
