// Where the phone's CPU goes before a page's data is on screen (bench-family.mjs --trace): a
// Chromium performance trace of one visit, summed by kind of work (parsing HTML, compiling and
// running scripts, style and layout, painting) and by script file, plus the long tasks in order.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
];

/** Starts recording on the page's CDP session; answers a function that stops and gives the events. */
export async function startTrace(cdp) {
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: CATEGORIES },
  });
  return async () => {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    // TRACE_DUMP=dir keeps each trace whole, to open in Chromium's DevTools (Performance panel).
    if (process.env.TRACE_DUMP)
      writeFileSync(
        join(process.env.TRACE_DUMP, `trace-${Date.now()}.json`),
        JSON.stringify({ traceEvents: events }),
      );
    return events;
  };
}

const KINDS = [
  [/^(ParseHTML|ParseAuthorStyleSheet)$/, 'parse HTML and CSS'],
  [
    /^(v8\.compile|v8\.compileModule|v8\.parseOnBackground|CompileScript|CompileCode|v8\.produceCache)/,
    'compile scripts',
  ],
  [
    /^(EvaluateScript|v8\.evaluateModule|FunctionCall|TimerFire|EventDispatch|RunMicrotasks|v8\.run|FireAnimationFrame|V8\.Execute)/,
    'run scripts',
  ],
  [/^(MajorGC|MinorGC|V8\.GC)/, 'garbage collection'],
  [
    /^(UpdateLayoutTree|RecalculateStyles|Layout|UpdateLayerTree|HitTest|IntersectionObserverController)/,
    'style and layout',
  ],
  [/^(Paint|PaintImage|CompositeLayers|Layerize|PrePaint|Commit|RasterTask)/, 'paint'],
];

const kindOf = (name) => KINDS.find(([pattern]) => pattern.test(name))?.[1] ?? 'other';
const urlOf = (e) => e.args?.data?.url || e.args?.data?.scriptName || e.args?.fileName || null;
const fileOf = (url) => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '') || '(inline)';

/** The renderer's main thread that parsed `pageUrl`. */
function mainThread(events, pageUrl) {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(pageUrl));
  return parse ? { pid: parse.pid, tid: parse.tid } : null;
}

/**
 * Self time of each complete event on the thread, up to `untilUs`: its duration minus its
 * children's, attributed to its kind and to the nearest script file it or an ancestor names.
 */
function selfTimes(threadEvents, untilUs) {
  const stack = [];
  const rows = [];
  for (const e of threadEvents) {
    if (e.ts > untilUs) break;
    while (stack.length > 0 && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    const row = { event: e, self: Math.min(e.dur, untilUs - e.ts), url: urlOf(e) ?? parent?.row.url ?? null };
    if (parent) parent.row.self -= row.self;
    rows.push(row);
    stack.push({ ts: e.ts, dur: e.dur, row });
  }
  return rows;
}

/** Lines to print: totals by kind and by script file, and the long tasks, from navigation to `untilMs`. */
export function summarizeTrace(events, { pageUrl, untilMs }) {
  const thread = mainThread(events, pageUrl);
  if (!thread) return ['(no trace of the page’s main thread)'];
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === thread.pid)?.ts;
  const t0 = start ?? Math.min(...events.filter((e) => e.pid === thread.pid && e.ts > 0).map((e) => e.ts));
  const untilUs = t0 + untilMs * 1000;
  const threadEvents = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.ts >= t0)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const rows = selfTimes(threadEvents, untilUs);
  const byKind = new Map();
  const byFile = new Map();
  for (const { event, self, url } of rows) {
    const kind = event.name === 'RunTask' ? 'other' : kindOf(event.name);
    byKind.set(kind, (byKind.get(kind) ?? 0) + self);
    if (url && (kind === 'run scripts' || kind === 'compile scripts'))
      byFile.set(fileOf(url), (byFile.get(fileOf(url)) ?? 0) + self);
  }
  const ms = (us) => (us / 1000).toFixed(0).padStart(5);
  const busy = [...byKind.values()].reduce((a, b) => a + b, 0);
  const lines = [`main thread busy ${ms(busy)} ms of the ${untilMs.toFixed(0)} ms to the data`];
  for (const [kind, us] of [...byKind].sort((a, b) => b[1] - a[1])) lines.push(`  ${ms(us)} ms  ${kind}`);
  const byName = new Map();
  for (const { event, self } of rows) byName.set(event.name, (byName.get(event.name) ?? 0) + self);
  lines.push('events (self time):');
  for (const [name, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 10))
    lines.push(`  ${ms(us)} ms  ${name}`);
  lines.push('scripts (compile and run, self time):');
  for (const [file, us] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12))
    lines.push(`  ${ms(us)} ms  ${file}`);
  lines.push('tasks over 30 ms (start, length, what took longest):');
  for (const task of threadEvents.filter((e) => e.name === 'RunTask' && e.dur > 30_000 && e.ts < untilUs)) {
    const inside = rows.filter(
      (r) => r.event.ts >= task.ts && r.event.ts < task.ts + task.dur && r.event !== task,
    );
    const top = inside.sort((a, b) => b.self - a.self)[0];
    const what = top
      ? `${top.event.name}${top.url ? ` ${fileOf(top.url)}` : ''} (${ms(top.self).trim()} ms)`
      : '';
    lines.push(`  ${ms(task.ts - t0)} ms +${ms(task.dur).trim()} ms  ${what}`);
  }
  return lines;
}
