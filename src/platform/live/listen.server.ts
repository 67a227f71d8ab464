import pg from 'pg';
import type { Logger } from 'pino';
import type { QueueBackend } from '~/platform/db/client.server';

/** What a channel's listener is told: each message, and that it reconnected (messages may be lost). */
export interface ChannelHandlers {
  message(payload: string): void;
  reconnected(): void;
}

/** Listens to one database channel (LISTEN); answers a stop. */
export type Listen = (channel: string, handlers: ChannelHandlers) => Promise<() => Promise<void>>;

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const RETRY_MS = [250, 500, 1_000, 2_000, 5_000, 10_000];

/**
 * LISTEN on the database every copy of the server shares (decision 36). PostgreSQL: one connection
 * of its own, outside the pool, opened again after a restart or a failover (with `reconnected`, since
 * what was said meanwhile is lost). PGlite: its own `listen`, in this process.
 */
export function databaseListener(backend: QueueBackend, logger: Pick<Logger, 'warn' | 'info'>): Listen {
  return async (channel, handlers) => {
    if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
    if (backend.kind === 'pglite') {
      const stop = await backend.client.listen(channel, handlers.message);
      return stop;
    }
    return postgresListener(backend.url, channel, handlers, logger);
  };
}

async function postgresListener(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
  logger: Pick<Logger, 'warn' | 'info'>,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (m) => m.channel === channel && handlers.message(m.payload ?? ''));
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) await next.end().catch(() => {});
    else client = next;
  };
  const lost = (which: pg.Client) => {
    if (stopped || which !== client) return;
    client = undefined;
    which.removeAllListeners('end');
    void which.end().catch(() => {});
    logger.warn({ channel }, 'the database listener lost its connection; reconnecting');
    reconnectSoon();
  };
  const reconnectSoon = () => {
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 10_000;
    retry = setTimeout(async () => {
      try {
        await connect();
        failures = 0;
        logger.info({ channel }, 'the database listener is back');
        if (!stopped) handlers.reconnected();
      } catch {
        failures += 1;
        if (!stopped) reconnectSoon();
      }
    }, delay);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}
