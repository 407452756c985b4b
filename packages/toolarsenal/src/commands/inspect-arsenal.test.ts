import { createArsenal, LoadedSource } from '@toolarsenal/arsenal';
import { type InspectServer, startInspectServer } from '@toolarsenal/inspect';
import { defineTool } from '@toolarsenal/toolmodel';
import { afterEach, describe, expect, it } from 'vitest';
import { arsenalTarget } from './inspect-arsenal.js';

const tool = (name: string, description: string, namespace?: string) =>
  defineTool({
    name,
    description,
    ...(namespace && { namespace }),
    inputSchema: { type: 'object', properties: {} },
  });

/** Reads a Server-Sent Events stream: `next(name)` waits for the next event of that name and returns its data. */
function eventReader(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const decoder = new TextDecoder();
  let buffered = '';
  const queue: Array<{ event: string; data: string }> = [];
  return async function next(name: string): Promise<string> {
    for (;;) {
      const index = queue.findIndex((e) => e.event === name);
      if (index >= 0) {
        const [found] = queue.splice(0, index + 1).slice(-1);
        return found!.data;
      }
      queue.length = 0;
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before "${name}"`);
      buffered += decoder.decode(value, { stream: true });
      const blocks = buffered.split('\n\n');
      buffered = blocks.pop()!;
      for (const block of blocks) {
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) queue.push({ event, data });
      }
    }
  };
}

describe('the inspector over an arsenal: the page follows the pool', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('streams a change event when a source lists new tools, and serves the new pool', async () => {
    const arsenal = createArsenal({});
    cleanup.push(() => arsenal.close({ graceMs: 0 }));
    arsenal.register({ tool: tool('first', 'The first tool.'), handler: () => 'one' });
    let attempts = 0;
    // A source that fails its first load (retried with backoff), then lists its tools.
    const flaky = new LoadedSource({
      name: 'flaky',
      kind: 'file',
      namespace: 'flaky',
      retry: { initialDelayMs: 20, maxDelayMs: 20 },
      load: async () => {
        attempts++;
        if (attempts === 1) throw new Error('not there yet');
        return { tools: [tool('late', 'A tool listed on the second attempt.', 'flaky')] };
      },
    });
    const server: InspectServer = await startInspectServer({ target: arsenalTarget(arsenal) });
    cleanup.push(() => server.close());
    const abort = new AbortController();
    cleanup.push(async () => abort.abort());
    const stream = await fetch(`${server.url}api/events`, { signal: abort.signal });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const nextEvent = eventReader(stream.body!.getReader());
    expect(JSON.parse(await nextEvent('hello'))).toEqual({ version: 0 });

    arsenal.register(flaky);
    const data = JSON.parse(await nextEvent('change')) as { version: number };
    expect(data.version).toBeGreaterThan(0);
    // Wait for the retried load to land in the pool (each change bumps the version).
    for (;;) {
      const page = (await (await fetch(`${server.url}api/tools`)).json()) as {
        total: number;
        tools: Array<{ id: string; origin: { name?: string; status?: string } }>;
      };
      const late = page.tools.find((t) => t.id.startsWith('flaky:late@'));
      if (late) {
        expect(page.total).toBe(2);
        expect(late.origin).toMatchObject({ name: 'flaky', kind: 'file', status: 'ready' });
        break;
      }
      await nextEvent('change');
    }
    expect(attempts).toBe(2);
    const summary = (await (await fetch(`${server.url}api/summary`)).json()) as { version: number };
    expect(summary.version).toBeGreaterThanOrEqual(data.version);
  });
});
