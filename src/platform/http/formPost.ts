import { DomainError } from '~/platform/errors';
import { readBody } from './body';

/**
 * The fields of a plain web form posted to a page (application/x-www-form-urlencoded, or
 * multipart/form-data), read without ever holding more than `maxBytes` of body: a form posted to a
 * page has no API body limit in front of it. `too_large` when the body is bigger, for the page to
 * say so in its own words.
 */
export async function readFormPost(request: Request, maxBytes: number): Promise<FormData | 'too_large'> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBody(request, maxBytes, 'The form is too large.');
  } catch (error) {
    if (error instanceof DomainError && error.code === 'payload_too_large') return 'too_large';
    throw error;
  }
  const type = request.headers.get('content-type') ?? '';
  // Anything that is not a form reads as an empty one: every field then says what it needs.
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return new FormData();
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    return new FormData();
  }
}
