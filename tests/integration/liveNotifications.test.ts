import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { notifyChild } from '../../src/features/notifications/notifications.server';
import { readEvents, type ServerEvent } from '../../src/platform/client/eventStream';
import { databaseListener } from '../../src/platform/live/listen.server';
import { liveEvents, liveOnDatabase } from '../../src/platform/live/live.server';
import { createLogger } from '../../src/platform/logger.server';
import { call, familyWithChild, siteServerFor, testApi, testDatabase } from './harness';

// The navbar's count, live across copies (decision 36): two APIs on one database stand for two
// copies of the server, each with its own listener (on PostgreSQL, its own connection).
const database = await testDatabase();
const quiet = createLogger('silent');
const liveA = liveOnDatabase(database.queue, quiet);
const liveB = liveOnDatabase(database.queue, quiet);
const copyA = testApi(database, { live: liveA });
const copyB = testApi(database, { live: liveB });
afterAll(async () => {
  await Promise.all([liveA.close(), liveB.close()]);
  await database.dispose();
});
const [maya, theo] = await Promise.all([
  familyWithChild(copyA, { firstName: 'Maya', ageBand: '8-10', readingLevel: 'branch' }),
  familyWithChild(copyA, { firstName: 'Theo', ageBand: '6-8', readingLevel: 'sapling' }),
]);

/** A family's stream on one copy, its events gathered as they come. */
async function follow(api: typeof copyA, token: string) {
  const res = await api.request('/api/me/notifications/stream', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: ServerEvent[] = [];
  const reading = new AbortController();
  const done = readEvents(res.body as ReadableStream<Uint8Array>, (e) => events.push(e), reading.signal);
  const counts = () =>
    events.filter((e) => e.event === 'unread').map((e) => JSON.parse(e.data).notificationCount);
  return { events, counts, done, stop: () => reading.abort() };
}

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(check(), what).toBe(true);
};

describe('the unread count, polled', () => {
  it('answers 304 with no body while it holds, and never one family’s validator for another', async () => {
    const first = await call(copyA, 'GET', '/api/me/notifications/unread', { token: maya.token });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"/);
    const same = await call(copyB, 'GET', '/api/me/notifications/unread', {
      token: maya.token,
      headers: { 'if-none-match': etag },
    });
    expect(same.status).toBe(304);
    expect(same.json).toBeNull();
    // Theo's family has the same count (none), yet not the same answer.
    const other = await call(copyA, 'GET', '/api/me/notifications/unread', {
      token: theo.token,
      headers: { 'if-none-match': etag },
    });
    expect(other.status).toBe(200);
    expect(other.json).toMatchObject({ userId: theo.userId });

    await notifyChild(database.db, maya.childId, { kind: 'milestone', title: 'Seven days in a row' });
    const changed = await call(copyA, 'GET', '/api/me/notifications/unread', {
      token: maya.token,
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.notificationCount).toBe(Number(first.json.notificationCount) + 1);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});

describe('the unread count, live', () => {
  it('is told on one copy of a notification made through the other, and of notifications read', async () => {
    const onB = await follow(copyB, maya.token);
    await until(() => onB.counts().length === 1, 'the count now, at once');
    const before = onB.counts()[0] ?? 0;

    await notifyChild(database.db, maya.childId, { kind: 'event', title: 'Story time on Saturday' });
    await until(() => onB.counts().at(-1) === before + 1, 'the new count');

    const read = await call(copyA, 'POST', `/api/children/${maya.childId}/notifications/read`, {
      token: maya.token,
      body: {},
    });
    expect(read.status).toBe(200);
    await until(() => onB.counts().at(-1) === 0, 'nothing unread');
    await onB.stop();
  });

  it('tells only the family whose notifications changed, and hears writes of many rows at once', async () => {
    const mayas = await follow(copyA, maya.token);
    const theos = await follow(copyB, theo.token);
    await until(() => mayas.counts().length === 1 && theos.counts().length === 1, 'both counts');

    // One statement, two notifications (as the weekly plans' reminders write them).
    await database.db.execute(
      sql`insert into notifications (child_id, kind, title) values (${theo.childId}, 'plan', 'A'), (${theo.childId}, 'plan', 'B')`,
    );
    await until(() => theos.counts().at(-1) === (theos.counts()[0] ?? 0) + 2, 'Theo’s two');
    await notifyChild(database.db, maya.childId, { kind: 'event', title: 'For Maya' });
    await until(() => mayas.counts().length === 2, 'Maya’s one');
    // Maya's stream never heard of Theo's notifications.
    expect(mayas.counts()).toEqual([0, 1]);
    await Promise.all([mayas.stop(), theos.stop()]);
  });

  // PostgreSQL restarted or failed over: the listener's own connection is gone. (PGlite lives in this
  // process: nothing to lose.)
  it.skipIf(database.kind !== 'postgres')(
    'listens again after its connection is cut, and recounts what was said meanwhile',
    async () => {
      const onB = await follow(copyB, maya.token);
      await until(() => onB.counts().length === 1, 'the count now');
      const before = onB.counts()[0] ?? 0;
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN family_notifications%'`,
      );
      // Said while nobody listened: lost, but the listener counts again once it is back.
      await notifyChild(database.db, maya.childId, { kind: 'event', title: 'While the listener was away' });
      await until(() => onB.counts().at(-1) === before + 1, 'the count after reconnecting');
      await notifyChild(database.db, maya.childId, { kind: 'event', title: 'After it came back' });
      await until(() => onB.counts().at(-1) === before + 2, 'told live again');
      onB.stop();
    },
    15_000,
  );

  it('asks who is asking, and ends every stream when the copy stops', async () => {
    expect((await copyA.request('/api/me/notifications/stream')).status).toBe(401);

    const stopping = liveOnDatabase(database.queue, quiet);
    const copy = testApi(database, { live: stopping });
    const open = await follow(copy, maya.token);
    await until(() => open.counts().length === 1, 'the count');
    await stopping.close();
    await open.done;
    expect(open.events.at(-1)?.event).toBe('end');
    const refused = await call(copy, 'GET', '/api/me/notifications/stream', { token: maya.token });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

  it('answers 503 while the database cannot be listened to, and streams once it can', async () => {
    let fail = true;
    const flaky = liveEvents(async (channel, handlers) => {
      if (fail) throw new Error('connection refused');
      return databaseListener(database.queue, quiet)(channel, handlers);
    });
    const copy = testApi(database, { live: flaky });
    const refused = await call(copy, 'GET', '/api/me/notifications/stream', { token: maya.token });
    expect([refused.status, refused.json.error?.code]).toEqual([503, 'unavailable']);
    fail = false;
    const open = await follow(copy, maya.token);
    await until(() => open.counts().length === 1, 'the count');
    open.stop();
    await flaky.close();
  });

  it('reaches the page through the real server as it is written, never held back to be compressed', async () => {
    const server = await siteServerFor(copyA);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const reading = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/me/notifications/stream`, {
      headers: { authorization: `Bearer ${theo.token}`, 'accept-encoding': 'br, gzip' },
      signal: reading.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    const events: ServerEvent[] = [];
    void readEvents(res.body as ReadableStream<Uint8Array>, (e) => events.push(e), reading.signal).catch(
      () => {},
    );
    await until(() => events.length === 1, 'the first event, while the stream stays open');
    await notifyChild(database.db, theo.childId, { kind: 'event', title: 'Through the server' });
    await until(() => events.length === 2, 'the next one');
    reading.abort();
    // The page gone, the copy forgets its stream.
    await until(() => liveA.streams.has(theo.userId) === false, 'the stream forgotten');
  });
});
