import { describe, expect, it } from 'vitest';
import { dropSecondCopy, ISLAND_STYLE_ELEMENT, withIslandStylesInHead } from './islandStyles';

const STYLE = ISLAND_STYLE_ELEMENT;

/** A stream of `text` cut into chunks of `size` bytes, as a server might send it. */
function streamOf(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });
}

const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe('the islands rule in <head> only', () => {
  const page = `<!DOCTYPE html><html><head><title>é</title>${STYLE}</head><body><header>${STYLE}<script>x</script><astro-island>ünïcode ✓</astro-island></header><main>${STYLE}</main></body></html>`;
  const expected = page.replace(`<header>${STYLE}`, '<header>');

  it('drops the second copy, whatever the chunk sizes, and keeps every other byte', async () => {
    for (const size of [1, 2, 3, 7, STYLE.length - 1, STYLE.length, STYLE.length + 1, 64, 100_000]) {
      expect(await read(dropSecondCopy(streamOf(page, size))), `chunks of ${size}`).toBe(expected);
    }
  });

  it('leaves a page with one copy (no layout copy in <head>) or none as it was', async () => {
    const astroOnly = `<html><head></head><body><header>${STYLE}<astro-island></astro-island></header></body></html>`;
    expect(await read(dropSecondCopy(streamOf(astroOnly, 5)))).toBe(astroOnly);
    expect(await read(dropSecondCopy(streamOf('<p>plain</p>', 3)))).toBe('<p>plain</p>');
  });

  it('touches HTML answers only, and drops their now wrong length', async () => {
    const html = withIslandStylesInHead(
      new Response(page, {
        status: 404,
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '999', 'x-kept': 'yes' },
      }),
    );
    expect(html.status).toBe(404);
    expect(html.headers.get('content-length')).toBeNull();
    expect(html.headers.get('x-kept')).toBe('yes');
    expect(await html.text()).toBe(expected);

    const json = new Response(JSON.stringify({ page }), { headers: { 'content-type': 'application/json' } });
    expect(withIslandStylesInHead(json)).toBe(json);
    const empty = new Response(null, { status: 303, headers: { location: '/' } });
    expect(withIslandStylesInHead(empty)).toBe(empty);
  });
});
