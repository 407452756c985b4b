/** Default cap on a response body: 10 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

export interface LimitedBody {
  bytes: Uint8Array;
  /** True when the body went past the cap and was cut there. */
  truncated: boolean;
  /** Bytes received (at most the cap plus one chunk). */
  received: number;
}

/**
 * Reads a stream into memory up to `maxBytes`, then stops reading (and cancels the rest) so a
 * huge or endless response costs at most the cap.
 */
export async function readLimited(
  chunks: AsyncIterable<Uint8Array>,
  maxBytes: number,
  stop: () => void,
): Promise<LimitedBody> {
  const parts: Uint8Array[] = [];
  let size = 0;
  let received = 0;
  let truncated = false;
  for await (const chunk of chunks) {
    received += chunk.byteLength;
    const room = maxBytes - size;
    if (chunk.byteLength > room) {
      if (room > 0) parts.push(chunk.subarray(0, room));
      size += Math.max(room, 0);
      truncated = true;
      stop();
      break;
    }
    parts.push(chunk);
    size += chunk.byteLength;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return { bytes, truncated, received };
}

/** The marker appended to text cut at the size cap. */
export function truncationMarker(maxBytes: number): string {
  return `\n…[truncated: the response exceeded ${maxBytes} bytes]`;
}
