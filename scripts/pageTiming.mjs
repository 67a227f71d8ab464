// One visit to a signed-in page on a throttled phone, as bench-family.mjs measures it: when the
// page's own data is on screen, what crossed the wire, and how many requests waited for each other.
// Chrome DevTools Protocol throttling, as Lighthouse's "devtools" mode: every request waits the
// round trip and shares the bandwidth; the CPU runs `cpu` times slower.
import { startTrace, summarizeTrace } from './traceSummary.mjs';

/** Slow 4G as the issue measured it (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), CPU 4× slower. */
export const PHONE = { latency: 150, down: (1.6 * 1024 * 1024) / 8, up: (750 * 1024) / 8, cpu: 4 };
export const VIEWPORT = { width: 375, height: 812 };

/**
 * Watches the page from its first byte: the moment `selector` first matches a visible element
 * (window.__dataAt, ms from navigation start) and the layout shifts after it (window.__shift).
 */
function watchScript(selector) {
  return `(() => {
    window.__dataAt = null; window.__shift = 0;
    const seen = () => { const el = document.querySelector(${JSON.stringify(selector)});
      return el && (el.checkVisibility ? el.checkVisibility() : true); };
    const check = () => { if (window.__dataAt === null && seen()) window.__dataAt = performance.now(); };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    new PerformanceObserver((list) => { for (const e of list.getEntries())
      if (!e.hadRecentInput) window.__shift += e.value; }).observe({ type: 'layout-shift', buffered: true });
  })();`;
}

/** Fires the page's data request at navigation start (the floor): window.__floorAt when it answered. */
function floorScript(request, token) {
  return `(() => { window.__floorAt = null;
    fetch(${JSON.stringify(request.url)}, { method: ${JSON.stringify(request.method)},
      headers: { authorization: 'Bearer ${token}', 'content-type': 'application/json' },
      ${request.body ? `body: ${JSON.stringify(JSON.stringify(request.body))},` : ''} })
      .then((r) => r.text()).then(() => { window.__floorAt = performance.now(); });
  })();`;
}

/** Throttles the page's network and CPU; answers the CDP session, which records every request. */
async function throttle(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latency,
    downloadThroughput: PHONE.down,
    uploadThroughput: PHONE.up,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!requests.has(e.requestId))
      requests.set(e.requestId, {
        url: e.request.url,
        method: e.request.method,
        type: e.type,
        start: e.timestamp,
      });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    // Bytes received when the headers were in: what loadingFinished adds on top is the body.
    if (r) Object.assign(r, { type: e.type, headerBytes: e.response.encodedDataLength });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength - (r.headerBytes ?? 0) });
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.failed = true;
  });
  return { cdp, requests };
}

/**
 * How many requests ran one after another before `last`: from it, the request that ended last
 * before it started, and so on back to the page itself (a waterfall's depth, in round trips).
 */
export function chainLength(all, last) {
  let length = 1;
  let current = last;
  for (;;) {
    const before = all.filter((r) => r.end !== undefined && r.end <= current.start && r !== current);
    if (before.length === 0) return length;
    current = before.reduce((a, b) => (b.end > a.end ? b : a));
    length += 1;
  }
}

/**
 * Waits until `expression` is no longer null in the page; answers its value. Asked through the
 * page's own CDP session, a tiny evaluation every 50 ms: Playwright's waitForFunction would first
 * inject its own helper script into the page, which costs the throttled main thread about 60 ms in
 * the middle of the measurement.
 */
async function whenSet(cdp, expression, timeout = 60_000) {
  const until = Date.now() + timeout;
  for (;;) {
    // Asked while the page's context is being replaced (the navigation committing), it fails: ask again.
    const answer = await cdp.send('Runtime.evaluate', { expression, returnByValue: true }).catch(() => null);
    const value = answer?.result?.value;
    if (value !== null && value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${expression} still null after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Opens `url` in `page` (a new page: its init scripts are its own; throttled) and waits for `selector`; answers the figures of this visit.
 * `dataPath` names the page's data request (its path under /api) for the chain; `floor` fires it
 * at navigation start instead of measuring the page's own; `trace` records where the CPU went
 * (answered as `cpu`, lines to print).
 */
export async function visit(context, page, { url, selector, dataPath, floor, trace }) {
  const { cdp, requests } = await throttle(context, page);
  await page.addInitScript(watchScript(selector));
  if (floor) await page.addInitScript(floorScript(floor.request, floor.token));
  const stopTrace = trace ? await startTrace(cdp) : null;
  await page.goto(url, { waitUntil: 'commit' });
  const dataAt = await whenSet(cdp, 'window.__dataAt');
  const floorAt = floor ? await whenSet(cdp, 'window.__floorAt') : null;
  await page.waitForLoadState('load');
  await networkQuiet(
    () => [...requests.values()].filter((r) => !r.end && !r.failed && !longLived(r.url)).length,
  );
  const shift = await page.evaluate(() => window.__shift);
  const cpu = stopTrace ? summarizeTrace(await stopTrace(), { pageUrl: url, untilMs: dataAt }) : null;
  await cdp.detach();
  const all = [...requests.values()].filter((r) => r.end !== undefined);
  const js = all.filter((r) => r.type === 'Script');
  const data = all.find((r) => new URL(r.url).pathname === dataPath);
  const t0 = Math.min(...all.map((r) => r.start));
  const waterfall = all
    .sort((a, b) => a.start - b.start)
    .map(
      (r) =>
        `${((r.start - t0) * 1000).toFixed(0).padStart(5)}–${((r.end - t0) * 1000).toFixed(0).padStart(5)} ms  ${r.method} ${r.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 90)}`,
    );
  return {
    waterfall,
    cpu,
    dataAt,
    floorAt,
    shift,
    jsBytes: js.reduce((sum, r) => sum + (r.bytes ?? 0), 0),
    requests: all.length,
    scripts: js.length,
    chain: data ? chainLength(all, data) : null,
  };
}

/**
 * How fast this machine's browser runs JavaScript, unthrottled: the median time (ms) of a fixed
 * piece of work (objects made, sorted, serialised and parsed, strings joined), run five times in a
 * blank page. The same throttling factor makes a slower machine a slower phone, so figures taken on
 * different machines compare only beside this one.
 */
export async function cpuReference(browser) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(() => {
      const work = () => {
        const rows = Array.from({ length: 20_000 }, (_, i) => ({
          id: i,
          name: `row ${(i * 7919) % 20_000}`,
        }));
        rows.sort((a, b) => a.name.localeCompare(b.name));
        const text = JSON.stringify(rows);
        return JSON.parse(text).length + text.split(' ').join('-').length;
      };
      work();
      const times = Array.from({ length: 5 }, () => {
        const start = performance.now();
        work();
        return performance.now() - start;
      }).sort((a, b) => a - b);
      return times[2];
    });
  } finally {
    await page.close();
  }
}

/** Streams a signed-in page holds open for good (the navbar's live count): never "idle". */
const LONG_LIVED = /\/api\/me\/notifications\/stream$/;
const longLived = (url) => LONG_LIVED.test(new URL(url).pathname);

/** Counts a page's requests in flight from now on, long-lived streams aside; `stop` ends counting. */
export function trackRequests(page) {
  const inFlight = new Set();
  const start = (r) => !longLived(r.url()) && inFlight.add(r);
  const end = (r) => inFlight.delete(r);
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    inFlight: () => inFlight.size,
    stop: () => {
      page.off('request', start);
      page.off('requestfinished', end);
      page.off('requestfailed', end);
    },
  };
}

/**
 * Waits until `inFlight()` has been 0 for `quietMs`: Playwright's `networkidle` never comes on a
 * page that holds a stream open.
 */
export async function networkQuiet(inFlight, { quietMs = 500, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) throw new Error('the page never went quiet');
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (inFlight() > 0) quietSince = Date.now();
  }
}
