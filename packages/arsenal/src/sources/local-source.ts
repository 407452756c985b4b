import { parseTool, type Tool, type ToolInput } from '@toolarsenal/toolmodel';
import type { ToolHandler } from '@toolarsenal/toolrun';
import { ArsenalError } from '../errors.js';
import { type ArsenalSource, Listeners, type SourceState } from './source.js';

/** A tool, or a tool with its local implementation. */
export type Registration = Tool | ToolInput | { tool: Tool | ToolInput; handler?: ToolHandler };

/** Tools registered in code with `arsenal.register(...)`; they keep their own namespaces. */
export class LocalSource implements ArsenalSource {
  // Not a valid config source name, so it never collides with one.
  readonly name = '(registered)';
  readonly kind = 'local';
  readonly namespace = '';
  readonly #tools = new Map<string, Tool>();
  readonly #handlers = new Map<string, ToolHandler>();
  readonly #listeners = new Listeners();

  add(registrations: readonly Registration[]): () => void {
    const parsed = registrations.map((entry, i) => {
      const isRegistration = typeof entry === 'object' && entry !== null && 'tool' in entry;
      const handler = isRegistration ? (entry as { handler?: unknown }).handler : undefined;
      if (handler !== undefined && typeof handler !== 'function')
        throw new ArsenalError('ARSENAL_INVALID_OPTIONS', `register: [${i}].handler must be a function`);
      const tool = parseTool(isRegistration ? (entry as { tool: unknown }).tool : entry);
      return { tool, handler: handler as ToolHandler | undefined };
    });
    for (const { tool, handler } of parsed) {
      this.#tools.set(tool.id, tool);
      if (handler) this.#handlers.set(tool.id, handler);
      else this.#handlers.delete(tool.id);
    }
    this.#listeners.emit();
    return () => {
      for (const { tool } of parsed) {
        this.#tools.delete(tool.id);
        this.#handlers.delete(tool.id);
      }
      this.#listeners.emit();
    };
  }

  start(): Promise<void> {
    return Promise.resolve();
  }
  tools(): readonly Tool[] {
    return [...this.#tools.values()];
  }
  handler(toolId: string): ToolHandler | undefined {
    return this.#handlers.get(toolId);
  }
  healthy(): boolean {
    return true;
  }
  state(): SourceState {
    return {
      name: this.name,
      kind: this.kind,
      namespace: '',
      status: 'ready',
      tools: this.#tools.size,
      failures: 0,
    };
  }
  subscribe(listener: () => void): () => void {
    return this.#listeners.add(listener);
  }
  async close(): Promise<void> {}
}
