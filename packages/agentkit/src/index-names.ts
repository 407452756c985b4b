import type { ToolNames } from './tool-names.js';
import { listTools, type SelectableIndex } from './tool-selector.js';

/**
 * Keeps `names` aware of every tool in `index` (read again after the index changes), so tools
 * that share a name get qualified names whichever of them a turn offers first. Call the returned
 * function before naming tools of the index.
 */
export function followIndex(names: ToolNames, index: SelectableIndex): () => void {
  let stale = true;
  // Options are checked by the selector; an index without `onChange` is read once.
  if (typeof index?.onChange === 'function')
    index.onChange(() => {
      stale = true;
    });
  return () => {
    if (!stale) return;
    names.plan(listTools(index));
    stale = false;
  };
}
