import { ApiClientError, callForStream, callIfChanged, lazyContracts } from '~/platform/client/api';
import { readEvents } from '~/platform/client/eventStream';
import { currentIdToken } from '~/platform/identity/identity.client';
import { $latestNotificationAt, setNotificationCount } from './counts.store';

/**
 * The notifications' contracts, loaded with the first call (the count's, or the page's): pages draw
 * without zod, and the last visit's copy before it runs (decision 35).
 */
export const notificationContracts = lazyContracts(() =>
  import('./notifications.api').then((m) => m.notificationsApi),
);

/**
 * How a signed-in page keeps the navbar's count current (decision 36): a stream of server-sent
 * events while the tab is visible, told of a change made on any copy of the server; while the stream
 * is down (or the server offers none), a conditional poll every 20 seconds, which costs one indexed
 * count and, unchanged, a 304 with no body. Nothing runs while the tab is hidden.
 */
const POLL_INTERVAL_MS = 20_000;
/** Waits before opening a stream again after a failure: longer each time, never all at once. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

type Unread = { userId: string; notificationCount: number; latestAt: string | null };

let running = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let reconnect: ReturnType<typeof setTimeout> | undefined;
/** The validator of the count last read, and that count (a 304 means it still holds). */
let last: { etag: string | null; unread: Unread } | undefined;
/** The open stream, while one is open or opening. */
let stream: AbortController | undefined;
let live = false;
let failures = 0;
/** The server has no stream for this page (an older copy): polling only, until the page reloads. */
let noStream = false;

function apply(unread: Unread) {
  setNotificationCount(unread.userId, unread.notificationCount);
  if (unread.latestAt !== $latestNotificationAt.get()) $latestNotificationAt.set(unread.latestAt);
}

/** Asks for the unread count now, e.g. after something that leaves the family a notification. */
export async function poll() {
  try {
    const token = await currentIdToken();
    if (!token) return;
    const answer = await callIfChanged((await notificationContracts()).unread, last?.etag ?? null, { token });
    if (answer === 'unchanged') {
      if (last) apply(last.unread);
      return;
    }
    last = { etag: answer.etag, unread: answer.answer };
    apply(answer.answer);
  } catch {
    // Offline or signed out meanwhile: the next round tries again.
  }
}

function schedule() {
  clearTimeout(timer);
  if (running === 0 || live || document.visibilityState === 'hidden') return;
  timer = setTimeout(async () => {
    await poll();
    schedule();
  }, POLL_INTERVAL_MS);
}

const jitter = (ms: number) => Math.round(ms * (0.5 + Math.random()));

/** Follows the count's stream until it ends; then polls and opens it again a little later. */
async function follow() {
  const controller = new AbortController();
  stream = controller;
  let ended = false;
  try {
    ended = await readStream(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) return;
    if (error instanceof ApiClientError && [401, 403, 404, 405, 501].includes(error.status)) noStream = true;
  }
  if (stream !== controller) return;
  stream = undefined;
  live = false;
  failures = ended ? 0 : failures + 1;
  if (running === 0 || document.visibilityState === 'hidden') return;
  void poll();
  schedule();
  if (noStream) return;
  // A stream the server ended (its ten minutes, or the copy stopping) opens again within a second
  // or so; a failure waits longer each time. Jitter keeps a stopped copy's pages from all coming back at once.
  const wait = ended ? 1_000 : (RETRY_MS[Math.min(failures - 1, RETRY_MS.length - 1)] ?? 60_000);
  reconnect = setTimeout(() => void follow(), jitter(wait));
}

/** Reads one stream; true when the server ended it (an `end` event), false when it broke off. */
async function readStream(signal: AbortSignal): Promise<boolean> {
  const token = await currentIdToken();
  if (!token) throw new ApiClientError(401, 'unauthenticated', 'Sign in to continue.');
  const api = await notificationContracts();
  const res = await callForStream(api.stream, { token, signal });
  if (!res.body) return false;
  let ended = false;
  await readEvents(res.body, ({ event, data }) => {
    if (event === 'end') ended = true;
    if (event !== 'unread') return;
    const parsed = api.unread.answer.safeParse(JSON.parse(data));
    if (!parsed.success) return;
    live = true;
    failures = 0;
    clearTimeout(timer);
    last = undefined;
    apply(parsed.data);
  });
  return ended;
}

function stopFollowing() {
  clearTimeout(timer);
  clearTimeout(reconnect);
  stream?.abort();
  stream = undefined;
  live = false;
}

/** Live when the server offers it (its first event is the count now), else polling. */
function start() {
  if (!noStream) {
    if (!stream) void follow();
    return;
  }
  void poll();
  schedule();
}

function onVisible() {
  if (document.visibilityState === 'visible') start();
  else stopFollowing();
}

/** Keeps the count current (now, live or every 20 s while visible, again on return); answers a stop. */
export function startNotificationPolling(): () => void {
  running++;
  if (running === 1) {
    document.addEventListener('visibilitychange', onVisible);
    // A tab opened in the background shows the count once; it follows it when looked at.
    if (document.visibilityState === 'visible') start();
    else void poll();
  }
  return () => {
    running = Math.max(0, running - 1);
    if (running === 0) {
      stopFollowing();
      last = undefined;
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}

/** Asks now (after marking notifications read, say). */
export function refreshNotificationCount(): Promise<void> {
  return poll();
}
