import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startSiteWithDemoContent } from './bench-site.mjs';
import { startEmulator } from './emulator.mjs';
import { prepareSite } from './familySite.mjs';
import { VIEWPORT, PHONE } from './pageTiming.mjs';
const stopEmulator = await startEmulator();
const { base, stop } = await startSiteWithDemoContent({ signIn: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const site = await prepareSite(browser, base);
const target = site.pages.find((p) => p.path.startsWith('/reading-plan'));
const context = await browser.newContext({ viewport: VIEWPORT, storageState: site.states.parent });
await context.addInitScript(`window.__dataAt=null;new MutationObserver(()=>{if(window.__dataAt===null&&document.querySelector(${JSON.stringify(target.selector)})){window.__dataAt=performance.now();performance.mark('data-on-screen')}}).observe(document,{childList:true,subtree:true});`);
for (const name of ['cold', 'warm']) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: PHONE.latency, downloadThroughput: PHONE.down, uploadThroughput: PHONE.up });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
  if (name === 'warm') await browser.startTracing(page, { path: '/tmp/warm-trace.json', categories: ['devtools.timeline', 'blink.user_timing', 'v8.execute'] });
  await page.goto(base + target.path);
  await page.waitForFunction(() => window.__dataAt !== null);
  await page.waitForTimeout(500);
  if (name === 'warm') await browser.stopTracing();
  console.log(name, await page.evaluate(() => window.__dataAt));
  await page.close();
}
await browser.close(); stop(); await stopEmulator();
const trace = JSON.parse(readFileSync('/tmp/warm-trace.json', 'utf8'));
const events = trace.traceEvents ?? trace;
const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStartToFirstContentfulPaint') ?? events.find((e)=>e.name==='ResourceSendRequest');
const t0 = nav.ts;
const mark = events.find((e) => e.name === 'data-on-screen');
console.log('mark at', mark ? ((mark.ts - t0) / 1000).toFixed(0) : '?');
const main = events.filter((e) => e.ph === 'X' && e.dur > 8000 && ['RunTask','EvaluateScript','v8.compileModule','v8.evaluateModule','FunctionCall','ParseHTML','EventDispatch','TimerFire','FireAnimationFrame','Layout','UpdateLayoutTree','Paint','v8.run','CompileScript'].includes(e.name));
for (const e of main.sort((a,b)=>a.ts-b.ts)) {
  const url = e.args?.data?.url ?? e.args?.data?.functionName ?? e.args?.data?.type ?? '';
  console.log(((e.ts - t0) / 1000).toFixed(0).padStart(6), (e.dur / 1000).toFixed(0).padStart(5), e.name, String(url).split('/').pop().slice(0, 60));
}
process.exit(0);
