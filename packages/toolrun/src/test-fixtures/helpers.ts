import type { ToolInput } from '@toolarsenal/toolmodel';

/** Resolves after `ms` real milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Tracks whether `promise` has settled (for fake-timer tests that check when, exactly). */
export function track<T>(promise: Promise<T>): { done: () => boolean; value: Promise<T> } {
  let settled = false;
  const value = promise.finally(() => {
    settled = true;
  });
  return { done: () => settled, value };
}

/** A promise that never settles, for handlers that hang and ignore their signal. */
export const forever = (): Promise<never> => new Promise<never>(() => {});

/** Sleeps `ms` unless `signal` aborts first (then rejects with the abort reason). */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export const addTool: ToolInput = {
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
    additionalProperties: false,
  },
  outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
  annotations: { readOnlyHint: true },
};

/** A read-only lookup tool: safe to retry. */
export const lookupTool: ToolInput = {
  name: 'lookup',
  description: 'Looks something up.',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  annotations: { readOnlyHint: true },
};

/** A side-effecting tool without idempotency hints: never retried by default. */
export const paymentTool: ToolInput = {
  name: 'payment_send',
  description: 'Sends money.',
  inputSchema: {
    type: 'object',
    properties: { amount: { type: 'number' }, to: { type: 'string' } },
    required: ['amount', 'to'],
  },
  capabilities: ['financial'],
};

/** An error carrying a transient network code, as Node's sockets throw. */
export function networkError(): Error {
  return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
}
