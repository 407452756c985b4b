// A tool module as a user writes it: defineTool + handler.
import { defineTool } from '@toolarsenal/toolmodel';

export const tools = [
  {
    tool: defineTool({
      name: 'add',
      description: 'Add two numbers and return their sum.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      annotations: { readOnlyHint: true },
    }),
    handler: (args) => ({ sum: args.a + args.b }),
  },
  {
    tool: defineTool({
      name: 'search',
      description: 'Search the notes kept by this module.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      annotations: { readOnlyHint: true },
    }),
    handler: (args) => `notes about ${args.query}`,
  },
  {
    tool: defineTool({
      name: 'wait',
      description: 'Wait some milliseconds, then answer.',
      inputSchema: { type: 'object', properties: { ms: { type: 'number' } }, required: ['ms'] },
      annotations: { readOnlyHint: true },
    }),
    handler: (args, { signal }) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(`waited ${args.ms} ms`), args.ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      }),
  },
];
