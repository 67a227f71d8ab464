/**
 * Answers asked for before the page's own code ran (decision 35): a signed-in page's first data
 * request leaves as soon as the session is restored, from a small script in the page's head, and
 * the island that needs it takes the answer when it asks for the same address. Each answer is
 * taken once, and only while fresh; anything else asks the API as usual.
 */
const FRESH_MS = 15_000;

/** A request sent early (`taken` tells that an island took it), or the mark that the page sent it itself first ('asked'). */
type Early = { response: Promise<Response>; at: number; taken: () => void } | 'asked';

// Two bundles of the page (the head's script and the islands) share this through the window.
const KEY = Symbol.for('quillreads.prefetched');
function pending(): Map<string, Early> {
  const holder = globalThis as unknown as Record<symbol, Map<string, Early> | undefined>;
  holder[KEY] ??= new Map();
  return holder[KEY];
}

/** What identifies a request: its method, address and JSON body. */
const keyOf = (method: string, url: string, body?: unknown) =>
  `${method.toUpperCase()} ${url}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`;

/** Sends a request of the API now (a GET, or a POST with a JSON body), with the signed-in user's `token`. */
export function prefetch(url: string, token: string, body?: unknown): void {
  const method = body === undefined ? 'GET' : 'POST';
  const key = keyOf(method, url, body);
  const early = pending().get(key);
  // The page asked already (its code ran first): an answer sent now could only be an older copy.
  if (early === 'asked') return;
  // The same request is on its way (sent with the last page's token): once is enough.
  if (early && Date.now() - early.at < FRESH_MS) return;
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = fetch(url, {
    method,
    headers,
    // Ahead of the page's scripts, which arrive at the same time (where the connection lets them).
    priority: 'high',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  response.catch(() => {});
  let taken = () => {};
  const wasTaken = new Promise<void>((resolve) => {
    taken = resolve;
  });
  pending().set(key, { response, at: Date.now(), taken });
  if (method === 'GET') earlyReads().push({ done: Promise.allSettled([response, wasTaken]), at: Date.now() });
}

// The page's data requests sent early, each settled once answered and taken by its island (afterEarlyReads).
const READS_KEY = Symbol.for('quillreads.earlyReads');
function earlyReads(): { done: Promise<unknown>; at: number }[] {
  const holder = globalThis as unknown as Record<
    symbol,
    { done: Promise<unknown>; at: number }[] | undefined
  >;
  holder[READS_KEY] ??= [];
  return holder[READS_KEY];
}

/**
 * The answer to the same request sent early, if there is a fresh one: taken, so nobody else reads
 * it. Only a request that reads or is safe to send twice is ever sent early.
 */
export function takePrefetched(method: string, url: string, body?: unknown): Promise<Response> | undefined {
  const key = keyOf(method, url, body);
  const early = pending().get(key);
  // Marked as asked, so that an early request sent after this one is not kept to answer a later
  // one with what is by then an older answer (while the page is new; the head's script is done after).
  if (pageAge() < FRESH_MS) pending().set(key, 'asked');
  else pending().delete(key);
  if (!early || early === 'asked') return undefined;
  early.taken();
  return Date.now() - early.at < FRESH_MS ? early.response : undefined;
}

const pageAge = () => (typeof performance === 'undefined' ? 0 : performance.now());

/** The longest the identity service waits for the page's early reads (a slow answer does not hold it back longer). */
const WAIT_FOR_READS_MS = 3_000;

/**
 * Resolves once the page's data requests sent early (the GETs; the account check is not waited
 * for) have answered and been taken by the page's islands, and the page has drawn them; at once
 * when none was sent.
 * The identity service's code (a large script) runs after them, not in their way (decision 35).
 */
export async function afterEarlyReads(): Promise<void> {
  // Only this page's: a read no island took on an earlier page holds nothing back.
  const reads = earlyReads()
    .filter((read) => Date.now() - read.at < FRESH_MS)
    .map((read) => read.done);
  if (reads.length === 0) return;
  const timeUp = new Promise((resolve) => setTimeout(resolve, WAIT_FOR_READS_MS));
  await Promise.race([Promise.allSettled(reads), timeUp]);
  // A frame for the page to draw the answer, then the first moment the page has nothing to do.
  await new Promise((resolve) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(resolve) : setTimeout(resolve, 0),
  );
  await new Promise((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(resolve, { timeout: 500 })
      : setTimeout(resolve, 50),
  );
}
