import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEvents, type ServerEvent } from '~/platform/client/eventStream';
import { eventStreams } from './eventStreams.server';

/** Reads a stream's text as it comes. */
function reader(res: Response) {
  let text = '';
  const events: ServerEvent[] = [];
  const decoder = new TextDecoder();
  const [forText, forEvents] = (res.body as ReadableStream<Uint8Array>).tee();
  const done = (async () => {
    for await (const chunk of forText) text += decoder.decode(chunk, { stream: true });
  })();
  void readEvents(forEvents, (e) => events.push(e));
  return { text: () => text, events, done };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('event streams', () => {
  it('start with the first event, then carry what is sent to their key only', async () => {
    const streams = eventStreams();
    const maya = reader(streams.open('maya', { event: 'unread', data: { n: 1 } }));
    const theo = reader(streams.open('theo', { event: 'unread', data: { n: 0 } }));
    streams.send('maya', { event: 'unread', data: { n: 2 } });
    await flush();
    expect(maya.events).toEqual([
      { event: 'unread', data: '{"n":1}' },
      { event: 'unread', data: '{"n":2}' },
    ]);
    expect(theo.events).toEqual([{ event: 'unread', data: '{"n":0}' }]);
    expect(streams.count()).toBe(2);
    expect(streams.keys().sort()).toEqual(['maya', 'theo']);
  });

  it('say they are still there, and end after their lifetime', async () => {
    const streams = eventStreams({ heartbeatMs: 1_000, lifetimeMs: 3_000 });
    const open = reader(streams.open('maya', { event: 'unread', data: {} }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(open.text().match(/^: still here$/gm)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    await open.done;
    expect(open.events.at(-1)?.event).toBe('end');
    expect(streams.has('maya')).toBe(false);
  });

  it('keep a few per key: a newer one ends the oldest', async () => {
    const streams = eventStreams({ perKey: 2 });
    const oldest = reader(streams.open('maya', { event: 'unread', data: 1 }));
    reader(streams.open('maya', { event: 'unread', data: 2 }));
    reader(streams.open('maya', { event: 'unread', data: 3 }));
    await oldest.done;
    expect(oldest.events.map((e) => e.event)).toEqual(['unread', 'end']);
    expect(streams.count()).toBe(2);
  });

  it('forget a stream its page left, and end every other one when the copy stops', async () => {
    const streams = eventStreams();
    const left = streams.open('maya', { event: 'unread', data: 1 });
    const staying = reader(streams.open('theo', { event: 'unread', data: 1 }));
    await left.body?.cancel();
    expect(streams.has('maya')).toBe(false);
    streams.closeAll();
    await staying.done;
    expect(staying.events.at(-1)?.event).toBe('end');
    expect(streams.accepting).toBe(false);
    expect(streams.count()).toBe(0);
  });
});

describe('reading events', () => {
  it('follows the format: fields, comments, several data lines, CRLF, chunks split anywhere', async () => {
    const text = ': hello\r\nevent: unread\r\ndata: {"a":\r\ndata: 1}\r\n\r\ndata: plain\n\nevent: empty\n\n';
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 3) c.enqueue(bytes.slice(i, i + 3));
        c.close();
      },
    });
    const events: ServerEvent[] = [];
    await readEvents(body, (e) => events.push(e));
    expect(events).toEqual([
      { event: 'unread', data: '{"a":\n1}' },
      { event: 'message', data: 'plain' },
    ]);
  });
});
