import { EmbedderError, throwIfAborted } from './errors.js';

/**
 * Settles with `promise`, or rejects with `EMBEDDER_ABORTED` as soon as `signal` fires, so a
 * wrapped embedder that ignores its signal cannot keep the caller waiting.
 */
export function raceAbort<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  what = 'Embedding',
): Promise<T> {
  if (signal === undefined) return promise;
  throwIfAborted(signal, what);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      reject(new EmbedderError('EMBEDDER_ABORTED', `${what} was aborted`, { cause: signal.reason }));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
