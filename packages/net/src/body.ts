/** Request bodies a safe request accepts. Non-byte forms are serialised once so redirects can resend them. */
export type RequestBody = string | Uint8Array | URLSearchParams | FormData | Blob;

export interface EncodedBody {
  bytes: Uint8Array;
  /** The content type the platform gives the body (multipart boundary included), if any. */
  contentType: string | undefined;
}

/** Serialises a body with the platform's own encoders (the Fetch `Response` body extraction). */
export async function encodeBody(body: RequestBody | undefined): Promise<EncodedBody | undefined> {
  if (body === undefined) return undefined;
  if (body instanceof Uint8Array) return { bytes: body, contentType: undefined };
  if (typeof body === 'string') return { bytes: new TextEncoder().encode(body), contentType: undefined };
  const response = new Response(body);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { bytes, contentType: response.headers.get('content-type') ?? undefined };
}
