import { describe, expect, it } from 'vitest';
import { readFormPost } from './formPost';

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://localhost/contact/send', { method: 'POST', body, headers });

describe('readFormPost', () => {
  it('reads a url-encoded form, with its line breaks and accents', async () => {
    const form = await readFormPost(
      post('name=Ren%C3%A9e&message=Line+one%0D%0ALine+two', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      1024,
    );
    expect(form).not.toBe('too_large');
    expect((form as FormData).get('name')).toBe('Renée');
    expect((form as FormData).get('message')).toBe('Line one\r\nLine two');
  });

  it('reads a multipart form', async () => {
    const body = new FormData();
    body.set('subject', 'Hello');
    const form = await readFormPost(post(body), 10_000);
    expect((form as FormData).get('subject')).toBe('Hello');
  });

  it('refuses a body over the limit, whether its length is declared or not', async () => {
    const big = `message=${'a'.repeat(2000)}`;
    expect(await readFormPost(post(big, { 'content-type': 'application/x-www-form-urlencoded' }), 1000)).toBe(
      'too_large',
    );
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new TextEncoder().encode('a'.repeat(400)));
        controller.close();
      },
    });
    const request = new Request('http://localhost/x', {
      method: 'POST',
      body: streamed,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      duplex: 'half',
    } as RequestInit);
    expect(await readFormPost(request, 1000)).toBe('too_large');
  });

  it('reads anything else as an empty form', async () => {
    const form = await readFormPost(post('{"name":"x"}', { 'content-type': 'application/json' }), 1024);
    expect([...(form as FormData).keys()]).toEqual([]);
  });
});
