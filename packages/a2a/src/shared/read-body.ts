/** Thrown when a body passes its byte limit; the reader stops at once. */
export class BodyTooLargeError extends Error {
  constructor(
    readonly limit: number,
    what: string,
  ) {
    super(`${what} is larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** Reads a web stream into one buffer, refusing more than `limit` bytes (cancels the stream). */
export async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  what: string,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => {});
        throw new BodyTooLargeError(limit, what);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** A stream that errors once more than `limit` bytes went through it. */
export function limitStream(
  body: ReadableStream<Uint8Array>,
  limit: number,
  what: string,
): ReadableStream<Uint8Array> {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > limit) controller.error(new BodyTooLargeError(limit, what));
        else controller.enqueue(chunk);
      },
    }),
  );
}
