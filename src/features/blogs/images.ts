/** Picture types the site accepts from people, with the extension each is stored under. */
export const BLOG_IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
type BlogImageType = keyof typeof BLOG_IMAGE_TYPES;

/** The largest picture a family may upload for a post. */
export const MAX_BLOG_IMAGE_BYTES = 5 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/**
 * The picture type its first bytes show, whatever the upload claimed: a file renamed to .png, or
 * HTML sent as image/jpeg, is caught here. Undefined when the bytes are none of the accepted types.
 */
export function sniffImageType(bytes: Uint8Array): BlogImageType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF, four bytes of size, then WEBP.
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return undefined;
}
