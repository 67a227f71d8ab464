/**
 * The fields of a plain web form posted to a page (application/x-www-form-urlencoded, or
 * multipart/form-data), read without ever holding more than `maxBytes` of body: a form posted to a
 * page has no API body limit in front of it. `too_large` when the body is bigger.
 */
export async function readFormPost(request: Request, maxBytes: number): Promise<FormData | 'too_large'> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return 'too_large';
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return 'too_large';
      }
      chunks.push(value);
    }
  }
  const type = request.headers.get('content-type') ?? '';
  // Anything that is not a form reads as an empty one: every field then says what it needs.
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return new FormData();
  try {
    return await new Response(new Blob(chunks as BlobPart[]), {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    return new FormData();
  }
}
