import { DomainError } from '~/platform/errors';

const notWhole = () =>
  new DomainError('bad_request', 'The request body did not arrive whole. Please send it again.');

/**
 * Reads a request body whole, never holding more than `maxBytes` of it. Every body the server
 * reads comes through here: JSON, forms, uploads and the payment webhook. A declared Content-Length
 * over the limit is refused before anything is read; a chunked body declares nothing, so the bytes
 * are counted as they arrive and the stream is cancelled the moment they pass the limit (reading it
 * to the end first would let one request fill the server's memory). Refuses with
 * `payload_too_large` (413) and `tooLarge` as its message.
 *
 * A declared length within the limit is allocated once and filled as the chunks arrive; a body that
 * turns out longer or shorter than it declared is refused as `bad_request` (400). So is one whose
 * stream fails on the way (the client gave up or its connection broke mid-body): that is the
 * client's doing, not the server's.
 */
export async function readBody(
  request: Request,
  maxBytes: number,
  tooLarge: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const header = request.headers.get('content-length')?.trim();
  const declared = header && /^\d+$/.test(header) ? Number(header) : undefined;
  if (declared !== undefined && declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    throw new DomainError('payload_too_large', tooLarge);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const next = async () => {
    try {
      return await reader.read();
    } catch {
      throw notWhole();
    }
  };
  const giveUp = async (error: DomainError) => {
    await reader.cancel().catch(() => {});
    return error;
  };

  if (declared !== undefined) {
    const bytes = new Uint8Array(declared);
    let size = 0;
    for (;;) {
      const { done, value } = await next();
      if (done) break;
      if (size + value.byteLength > declared) throw await giveUp(notWhole());
      bytes.set(value, size);
      size += value.byteLength;
    }
    if (size !== declared) throw notWhole();
    return bytes;
  }

  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await next();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) throw await giveUp(new DomainError('payload_too_large', tooLarge));
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
