import type { ToolIndexLike } from '@toolarsenal/toolindex';
import type { Tool } from '@toolarsenal/toolmodel';
import type { Runner, ToolHandler } from '@toolarsenal/toolrun';

/** Brings the index and the runner from `before` to `after` (by id and content hash). */
export function syncTools(
  index: ToolIndexLike,
  runner: Runner,
  before: readonly Tool[],
  after: readonly Tool[],
  handlerFor: (tool: Tool) => ToolHandler | undefined,
  ensureExecutor: (kind: string) => void,
): void {
  const keep = new Set(after.map((t) => t.id));
  const gone = before.filter((t) => !keep.has(t.id));
  // A database index stores asynchronously and reports its failures itself (a `problem` event).
  if (gone.length > 0) settle(index.remove(gone.map((t) => t.id)));
  for (const tool of gone) runner.unregister(tool.id);
  const had = new Map(before.map((t) => [t.id, t.contentHash]));
  const changed = after.filter((t) => had.get(t.id) !== t.contentHash || !runner.get(t.id));
  if (changed.length > 0) settle(index.upsert(changed));
  for (const tool of changed) {
    ensureExecutor(tool.source);
    const handler = handlerFor(tool);
    runner.register(tool, handler ? { handler } : {});
  }
}

function settle(result: unknown): void {
  if (result instanceof Promise) result.catch(() => undefined);
}
