/** One server-sent event: its name (`message` when the server gave none) and its data lines. */
export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * Reads server-sent events (the text/event-stream format) from an answer's body and hands each to
 * `onEvent`; resolves when the stream ends (or `signal` stops it). Comment lines (the server's heartbeats) are skipped.
 * Read through fetch rather than EventSource, which cannot send the sign-in token.
 */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (e: ServerEvent) => void,
  /** Stops reading (and closes the stream) when aborted. */
  signal?: AbortSignal,
) {
  const reader = body.getReader();
  signal?.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
  const decoder = new TextDecoder();
  let buffered = '';
  // A CR at the end of a chunk may be half of a CRLF: it waits for the next chunk.
  let carriage = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    let text = carriage + decoder.decode(value, { stream: true });
    carriage = text.endsWith('\r') ? '\r' : '';
    if (carriage) text = text.slice(0, -1);
    buffered += text.replace(/\r\n?/g, '\n');
    let blank = buffered.indexOf('\n\n');
    while (blank >= 0) {
      const event = parseEvent(buffered.slice(0, blank));
      if (event) onEvent(event);
      buffered = buffered.slice(blank + 2);
      blank = buffered.indexOf('\n\n');
    }
  }
}

function parseEvent(block: string): ServerEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { event, data: data.join('\n') } : null;
}
