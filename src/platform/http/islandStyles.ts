import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';

/**
 * The one rule every page with an island needs (`astro-island { display: contents }`). Astro writes
 * it just before the first island, which puts a <style> in the body (in our layout, inside the
 * <header>), where HTML allows none. The layout writes it in <head> instead, and `withIslandStylesInHead`
 * takes Astro's second copy out of the body.
 */
export const ISLAND_STYLE_ELEMENT = `<style>${ISLAND_STYLES}</style>`;

/**
 * A copy of `body` without the second occurrence of `element` (the first, in <head>, stays). Works on
 * the bytes as they stream: the element is ASCII, which never occurs inside a multi-byte UTF-8
 * character, so it holds back at most `element.length - 1` bytes between chunks and never decodes.
 * A page with one copy or none is passed through whole: it keeps Astro's own.
 */
export function dropSecondCopy(
  body: ReadableStream<Uint8Array>,
  element = ISLAND_STYLE_ELEMENT,
): ReadableStream<Uint8Array> {
  const needle = Buffer.from(element);
  let seen = 0;
  let carry: Buffer = Buffer.alloc(0);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (seen >= 2) {
          controller.enqueue(chunk);
          return;
        }
        let data = Buffer.concat([carry, chunk]);
        for (let at = data.indexOf(needle); at !== -1 && seen < 2; at = data.indexOf(needle)) {
          seen += 1;
          const end = at + needle.length;
          // The first copy (the layout's, in <head>) goes out; the second is skipped.
          const kept = seen === 1 ? end : at;
          if (kept > 0) controller.enqueue(new Uint8Array(data.subarray(0, kept)));
          data = data.subarray(end);
        }
        if (seen >= 2) {
          carry = Buffer.alloc(0);
          if (data.length > 0) controller.enqueue(new Uint8Array(data));
          return;
        }
        // Keep the tail that could be the start of a copy split across two chunks.
        const keep = Math.min(data.length, needle.length - 1);
        if (data.length > keep) controller.enqueue(new Uint8Array(data.subarray(0, data.length - keep)));
        carry = Buffer.from(data.subarray(data.length - keep));
      },
      flush(controller) {
        if (carry.length > 0) controller.enqueue(new Uint8Array(carry));
      },
    }),
  );
}

/** An HTML answer with the islands' rule in <head> only; anything else (JSON, files) untouched. */
export function withIslandStylesInHead(response: Response): Response {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || !/^text\/html\b/i.test(type)) return response;
  const headers = new Headers(response.headers);
  // The body gets shorter: a length measured before would be wrong.
  headers.delete('content-length');
  return new Response(dropSecondCopy(response.body), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
