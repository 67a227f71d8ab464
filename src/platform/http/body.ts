import { DomainError } from '~/platform/errors';

/**
 * Reads a request body whole, never holding more than `maxBytes` of it. Every body the server
 * reads comes through here: JSON, forms, uploads and the payment webhook. A declared Content-Length
 * over the limit is refused before anything is read; a chunked body declares nothing, so the bytes
 * are counted as they arrive and the stream is cancelled the moment they pass the limit (reading it
 * to the end first would let one request fill the server's memory). Refuses with
 * `payload_too_large` (413) and `tooLarge` as its message.
 */
export async function readBody(
  request: Request,
  maxBytes: number,
  tooLarge: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    throw new DomainError('payload_too_large', tooLarge);
  }
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new DomainError('payload_too_large', tooLarge);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
