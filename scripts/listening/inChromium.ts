/**
 * Runs readings through the recognizer in Chromium (Debian's, as the tests use it): a bundle of
 * browserEntry.ts and the model served from a local server, the audio fetched by the page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { HeardReading } from '../../src/features/readAloud/listening/heardReading';

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = dirname(createRequire(import.meta.url).resolve('soundswallower'));

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(here, 'browserEntry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    conditions: ['browser'],
    alias: { 'blob-polyfill': join(here, '../../src/islands/readAloud/listening/nativeBlob.ts') },
    external: ['*.wasm'],
    logLevel: 'error',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** A page, the bundle, the WebAssembly, the model and the readings' audio (Float32, little-endian). */
function serve(script: string, audio: Map<string, Float32Array>): Promise<Server> {
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const send = (type: string, body: string | Buffer | Uint8Array) => {
      res.writeHead(200, { 'Content-Type': type });
      res.end(body);
    };
    if (url === '/')
      return send(
        'text/html',
        '<!doctype html><title>listening</title><script type="module" src="/entry.js"></script>',
      );
    if (url === '/entry.js') return send('text/javascript', script);
    if (url.endsWith('.wasm'))
      return send('application/wasm', readFileSync(join(packageDir, 'soundswallower.web.wasm')));
    if (url === '/model/en-us/empty.dict') return send('text/plain', 'a AH\n');
    const file = join(packageDir, url.slice(1));
    if (url.startsWith('/model/') && !url.includes('..') && existsSync(file))
      return send('application/octet-stream', readFileSync(file));
    const samples = audio.get(url);
    if (samples)
      return send(
        'application/octet-stream',
        new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength),
      );
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export interface BrowserReading {
  id: string;
  pronunciations: string[][];
  samples: Float32Array;
  rate: number;
}

/** Each reading heard in Chromium: what it heard, and how long the decoding took there. */
export async function hearInChromium(
  readings: BrowserReading[],
): Promise<Map<string, { reading: HeardReading; ms: number }>> {
  const { chromium } = await import('@playwright/test');
  const audio = new Map(readings.map((r) => [`/audio/${r.id}`, r.samples]));
  const server = await serve(await bundle(), audio);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => typeof window.listenTo === 'function');
    const out = new Map<string, { reading: HeardReading; ms: number }>();
    for (const r of readings) {
      out.set(
        r.id,
        await page.evaluate(([p, url, rate]) => window.listenTo(p, url, rate), [
          r.pronunciations,
          `/audio/${r.id}`,
          r.rate,
        ] as const),
      );
    }
    return out;
  } finally {
    await browser.close();
    server.close();
  }
}
