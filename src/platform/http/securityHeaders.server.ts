import { createHash } from 'node:crypto';

/**
 * The security headers of every answer (decision 28): a strict Content-Security-Policy on pages,
 * never framed, no sniffing, a short referrer, the microphone for this site only, HTTPS pinned in
 * production. Firebase keeps a family's refresh token in the browser, so a script that ran on one
 * of our pages could keep their account: the policy lets a page run only the site's own files, the
 * inline scripts of the built pages (by hash: Astro's island loaders and server-island fetchers;
 * the pages' own scripts are built as files), and the two outside scripts the site needs when
 * configured (Stripe.js for card payments, Google's loader for the Google sign-in popup).
 *
 * One policy for every page, not one per page: Astro's client-side router swaps one page for the
 * next inside the same document, and runs the next page's inline scripts under the first page's
 * policy.
 */

/** What the browser talks to, from the build's public settings (publicConfig.ts). */
export interface PageSources {
  /** The API's origin when it is not this site (PUBLIC_API_BASE). */
  apiBase: string;
  /** The Auth emulator (host:port) when the pages use it; empty with real Firebase. */
  authEmulatorHost: string;
  /** Firebase's auth domain (its sign-in popup and the iframe it talks through). */
  firebaseAuthDomain: string;
  /** True when the pages load Stripe.js (a publishable key is configured). */
  stripe: boolean;
  /** The CDN public files come from (MEDIA_PUBLIC_URL), when there is one. */
  mediaBase?: string | undefined;
}

export interface SecuritySettings {
  sources: PageSources;
  /** HTTPS only: HSTS, and any http: address on a page is upgraded. */
  production: boolean;
}

const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
const FIREBASE_CONNECT = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
const GOOGLE_LOADER = 'https://apis.google.com';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

/** A script element's type that browsers run (no type, a JavaScript type, or a module). */
const RUNS = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/**
 * The sha256 source of each inline script of the pages (`<script>` without `src`), each once.
 * Data blocks (`application/ld+json`) never run, so they need none.
 */
export function inlineScriptHashes(...pages: string[]): string[] {
  const hashes = new Set<string>();
  for (const html of pages) {
    for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
      const [, attributes = '', body = ''] = match;
      if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
      const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attributes}`)?.[1] ?? '';
      if (!RUNS.test(type.trim())) continue;
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

/** The pages' Content-Security-Policy: the built pages' inline scripts by hash, nothing else inline. */
export function pagePolicy(settings: SecuritySettings, scriptHashes: readonly string[]): string {
  const { sources } = settings;
  const emulator = sources.authEmulatorHost ? `http://${sources.authEmulatorHost}` : '';
  const realFirebase = !emulator;
  const api = sources.apiBase ? originOf(sources.apiBase) : '';
  const media = sources.mediaBase ? originOf(sources.mediaBase) : '';
  const list = (...items: (string | false | readonly string[])[]) =>
    items.flat().filter((item): item is string => typeof item === 'string' && item !== '');

  const frames = list(
    sources.stripe && STRIPE.frame,
    realFirebase && `https://${sources.firebaseAuthDomain}`,
    emulator,
  );
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // Google's loader: Firebase's Google sign-in popup talks through it, the emulator's too.
    ['script-src', list("'self'", scriptHashes, sources.stripe && STRIPE.script, GOOGLE_LOADER)],
    // Inline styles stay allowed: the islands set CSS variables in style attributes, and Stripe's
    // fields style themselves. A style cannot run code or send a token.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', list("'self'", 'data:', 'blob:', media)],
    ['font-src', ["'self'"]],
    [
      'connect-src',
      list("'self'", api, realFirebase ? FIREBASE_CONNECT : emulator, sources.stripe && STRIPE.connect),
    ],
    // Podcast episodes may live on any HTTPS host; read-aloud recordings play from blob: addresses.
    ['media-src', list("'self'", 'blob:', 'https:', media)],
    ['frame-src', frames.length > 0 ? frames : ["'none'"]],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  const policy = directives.map(([name, values]) => `${name} ${values.join(' ')}`);
  if (settings.production) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/**
 * Answers that are not pages (the API's JSON, media, feeds, scripts): nothing may run or load in
 * them if a browser opens one directly (an uploaded SVG, say), and nothing may frame them.
 */
export const RESOURCE_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The headers of every answer; pages then replace the Content-Security-Policy with their own. */
export function baseSecurityHeaders(settings: Pick<SecuritySettings, 'production'>): Record<string, string> {
  return {
    'Content-Security-Policy': RESOURCE_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // The microphone for the site itself (read-aloud); payment for Stripe's fields; nothing else.
    'Permissions-Policy':
      'microphone=(self), camera=(), geolocation=(), payment=(self "https://js.stripe.com")',
    // Firebase's Google sign-in talks to its popup: other windows stay apart.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    ...(settings.production ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** The settings as the build's public settings and APP_ENV say. */
export function securitySettings(
  config: {
    apiBase: string;
    authEmulatorHost: string;
    firebase: { authDomain: string };
    stripePublishableKey: string;
  },
  appEnv: string | undefined,
  mediaBase?: string,
): SecuritySettings {
  return {
    sources: {
      apiBase: config.apiBase,
      authEmulatorHost: config.authEmulatorHost,
      firebaseAuthDomain: config.firebase.authDomain,
      stripe: config.stripePublishableKey !== '',
      mediaBase,
    },
    production: appEnv === 'production',
  };
}
