/**
 * Server-sent event streams held open by signed-in pages, on this copy of the server, by key (a
 * family's user id). What reaches one copy's listener is told to the streams that copy holds; the
 * database's channel (listen.server.ts) is what carries it between copies (decision 36).
 */

export interface StreamEvent {
  event: string;
  data: unknown;
}

export interface EventStreamsOptions {
  /** A comment line this often, so proxies and balancers never take the stream for idle. */
  heartbeatMs?: number;
  /** A stream ends after this long (the page opens a new one, with a fresh sign-in token). */
  lifetimeMs?: number;
  /** At most this many streams per key on this copy; a newer one ends the oldest. */
  perKey?: number;
}

export interface EventStreams {
  /** A stream for `key` that starts with `first`; false once the copy is stopping. */
  readonly accepting: boolean;
  open(key: string, first: StreamEvent): Response;
  send(key: string, event: StreamEvent): void;
  /** Whether a stream for `key` is open here. */
  has(key: string): boolean;
  /** The keys with a stream open here. */
  keys(): string[];
  /** Streams open here. */
  count(): number;
  /** Ends every stream (with an `end` event) and opens no more: a copy stopping. */
  closeAll(): void;
}

interface Open {
  push(text: string): void;
  end(): void;
  openedAt: number;
}

const encoder = new TextEncoder();
const format = ({ event, data }: StreamEvent) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const END = format({ event: 'end', data: {} });

/** The open streams by key, and the one timer that keeps them alive and ends them in time. */
function registry(heartbeatMs: number, lifetimeMs: number) {
  const byKey = new Map<string, Set<Open>>();
  let sweep: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    const now = Date.now();
    for (const set of byKey.values())
      for (const stream of set) {
        if (now - stream.openedAt >= lifetimeMs) stream.end();
        else stream.push(': still here\n\n');
      }
  };
  return {
    byKey,
    add(key: string, stream: Open, perKey: number) {
      const set = byKey.get(key) ?? new Set<Open>();
      byKey.set(key, set);
      set.add(stream);
      if (set.size > perKey) set.values().next().value?.end();
      sweep ??= setInterval(tick, heartbeatMs);
      sweep.unref?.();
    },
    forget(key: string, stream: Open) {
      const set = byKey.get(key);
      set?.delete(stream);
      if (set?.size === 0) byKey.delete(key);
      if (byKey.size === 0 && sweep) {
        clearInterval(sweep);
        sweep = undefined;
      }
    },
  };
}

/** One stream's body: it joins the registry when the server starts sending, and leaves it when it ends. */
function streamBody(key: string, first: StreamEvent, streams: ReturnType<typeof registry>, perKey: number) {
  let stream: Open | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let ended = false;
      const current: Open = {
        openedAt: Date.now(),
        push: (text) => !ended && controller.enqueue(encoder.encode(text)),
        end: () => {
          if (ended) return;
          controller.enqueue(encoder.encode(END));
          ended = true;
          controller.close();
          streams.forget(key, current);
        },
      };
      stream = current;
      streams.add(key, current, perKey);
      current.push(format(first));
    },
    cancel() {
      // The page went away: its connection closed.
      if (stream) streams.forget(key, stream);
    },
  });
}

export function eventStreams(options: EventStreamsOptions = {}): EventStreams {
  const { heartbeatMs = 25_000, lifetimeMs = 10 * 60_000, perKey = 6 } = options;
  const streams = registry(heartbeatMs, lifetimeMs);
  const { byKey } = streams;
  let accepting = true;
  return {
    get accepting() {
      return accepting;
    },
    open: (key, first) =>
      new Response(streamBody(key, first, streams, perKey), {
        status: 200,
        headers: {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          // nginx and some platforms buffer answers unless told this one streams.
          'X-Accel-Buffering': 'no',
        },
      }),
    send: (key, event) => {
      for (const stream of byKey.get(key) ?? []) stream.push(format(event));
    },
    has: (key) => byKey.has(key),
    keys: () => [...byKey.keys()],
    count: () => [...byKey.values()].reduce((n, set) => n + set.size, 0),
    closeAll: () => {
      accepting = false;
      for (const set of [...byKey.values()]) for (const stream of [...set]) stream.end();
    },
  };
}
