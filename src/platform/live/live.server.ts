import type { Logger } from 'pino';
import type { QueueBackend } from '~/platform/db/client.server';
import { type EventStreams, type EventStreamsOptions, eventStreams } from './eventStreams.server';
import { databaseListener, type Listen } from './listen.server';

/**
 * What live answers need on one copy: the streams its pages hold open, and the database's channels
 * that carry news between copies. `close` (at SIGTERM) ends the streams and stops listening.
 */
export interface Live {
  streams: EventStreams;
  listen: Listen;
  close(): Promise<void>;
}

export function liveEvents(listen: Listen, options: EventStreamsOptions = {}): Live {
  const streams = eventStreams(options);
  const stops = new Set<() => Promise<void>>();
  return {
    streams,
    listen: async (channel, handlers) => {
      const stop = await listen(channel, handlers);
      stops.add(stop);
      return async () => {
        stops.delete(stop);
        await stop();
      };
    },
    close: async () => {
      streams.closeAll();
      await Promise.all([...stops].map((stop) => stop().catch(() => {})));
      stops.clear();
    },
  };
}

/** Live events fed by the database's channels: what the server, the tests and the benchmarks use. */
export const liveOnDatabase = (
  backend: QueueBackend,
  logger: Pick<Logger, 'warn' | 'info'>,
  options: EventStreamsOptions = {},
): Live => liveEvents(databaseListener(backend, logger), options);
