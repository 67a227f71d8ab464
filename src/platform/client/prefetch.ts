/**
 * Answers asked for before the page's own code ran (decision 35): a signed-in page's first data
 * request leaves as soon as the session is restored, from a small script in the page's head, and
 * the island that needs it takes the answer when it asks for the same address. Each answer is
 * taken once, and only while fresh; anything else asks the API as usual.
 */
const FRESH_MS = 15_000;

/** A request sent early, or the mark that the page sent it itself first ('asked'). */
type Early = { response: Promise<Response>; at: number } | 'asked';

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
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  response.catch(() => {});
  pending().set(key, { response, at: Date.now() });
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
  return Date.now() - early.at < FRESH_MS ? early.response : undefined;
}

const pageAge = () => (typeof performance === 'undefined' ? 0 : performance.now());
