import { type AccessPolicy, defineTool, type Tool } from '@toolarsenal/toolmodel';
import { createRunner, type Runner, ToolExecutionError, toolOutput } from '@toolarsenal/toolrun';

/** Small tools with handlers, shared by the unit and interop tests. */
export const FIXTURE_TOOLS: readonly Tool[] = [
  defineTool({
    name: 'add',
    namespace: 'math',
    title: 'Add numbers',
    description: 'Add two numbers and return their sum.',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
    annotations: { readOnlyHint: true },
    tags: ['arithmetic'],
    examples: ['what is 2 plus 3'],
  }),
  defineTool({
    name: 'echo',
    description: 'Repeat a text back unchanged.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  }),
  defineTool({
    name: 'delete_file',
    namespace: 'files',
    description: 'Delete a file from the workspace permanently.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    annotations: { destructiveHint: true },
    capabilities: ['delete_data'],
  }),
  defineTool({
    name: 'drop_database',
    namespace: 'admin',
    description: 'Drop the whole production database.',
    inputSchema: { type: 'object', properties: {} },
    requiredScopes: ['admin'],
  }),
  defineTool({
    name: 'wait',
    namespace: 'slow',
    description: 'Wait for a number of milliseconds, reporting progress; counts how often it ran.',
    inputSchema: { type: 'object', properties: { ms: { type: 'integer', minimum: 0 } }, required: ['ms'] },
  }),
  defineTool({
    name: 'blob',
    namespace: 'big',
    description: 'Return a text of the given size in bytes.',
    inputSchema: {
      type: 'object',
      properties: { size: { type: 'integer', minimum: 0 } },
      required: ['size'],
    },
  }),
  defineTool({
    name: 'pixel',
    namespace: 'image',
    description: 'Return a one-pixel PNG image.',
    inputSchema: { type: 'object', properties: {} },
  }),
  defineTool({
    name: 'boom',
    namespace: 'fail',
    description: 'Always fails with a tool error.',
    inputSchema: { type: 'object', properties: {} },
  }),
];

export const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** How often each fixture handler ran, by tool name (to prove no call runs twice). */
export const runs = new Map<string, number>();

function count(name: string): void {
  runs.set(name, (runs.get(name) ?? 0) + 1);
}

/** A runner with a handler for every fixture tool (and the served toolset as its policy, when given). */
export function createFixtureRunner(policy?: AccessPolicy): Runner {
  const runner = createRunner({ defaults: { retry: false }, ...(policy ? { policy } : {}) });
  const handlers: Record<
    string,
    (args: Record<string, unknown>, signal: AbortSignal, report: (p: number, t: number) => void) => unknown
  > = {
    add: (a) => ({ sum: (a.a as number) + (a.b as number) }),
    echo: (a) => a.text,
    delete_file: (a) => `deleted ${String(a.path)}`,
    drop_database: () => 'dropped',
    wait: async (a, signal, report) => {
      const ms = a.ms as number;
      report(0, 2);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      });
      report(2, 2);
      return `waited ${ms} ms`;
    },
    blob: (a) => 'x'.repeat(a.size as number),
    pixel: () => toolOutput(null, [{ type: 'image', data: PIXEL_PNG, mimeType: 'image/png' }]),
    boom: () => {
      throw new ToolExecutionError('the boom tool exploded', { code: 'BOOM' });
    },
  };
  for (const tool of FIXTURE_TOOLS) {
    const handler = handlers[tool.name]!;
    runner.register(tool, {
      handler: (args, request) => {
        count(tool.name);
        return handler(args, request.signal, (progress, total) =>
          request.report({ type: 'progress', progress, total }),
        );
      },
      ...(tool.name === 'wait' ? { timeoutMs: 120_000 } : {}),
    });
  }
  return runner;
}
