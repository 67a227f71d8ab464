/**
 * Settings the browser needs, fixed at build time from PUBLIC_ variables. With no Firebase API key
 * configured, the site talks to the local Auth emulator (demo project), as `npm start` and the tests do.
 */
// Vite (the pages, Vitest) and the server bundle define import.meta.env; scripts run by Node alone
// (the OpenAPI lint, the seed, the benchmarks) read the same PUBLIC_ values from the environment.
const env: Record<string, string | undefined> =
  import.meta.env ??
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ??
  {};
const firebaseApiKey: string = env.PUBLIC_FIREBASE_API_KEY ?? '';

export const publicConfig = {
  /**
   * The site's public address (PUBLIC_SITE_URL), without a trailing slash: every absolute address
   * the site writes (canonical links, feeds, calendars, the sitemap) starts with it, never with the
   * Host a request claims.
   */
  siteUrl: ((env.PUBLIC_SITE_URL as string | undefined) || 'http://localhost:4321').replace(/\/+$/, ''),
  /** Where the API lives; empty means this same site. */
  apiBase: ((env.PUBLIC_API_BASE as string | undefined) ?? '').replace(/\/+$/, ''),
  firebase: {
    apiKey: firebaseApiKey || 'demo-api-key',
    authDomain: (env.PUBLIC_FIREBASE_AUTH_DOMAIN as string | undefined) ?? 'demo-quillreads.firebaseapp.com',
    projectId: (env.PUBLIC_FIREBASE_PROJECT_ID as string | undefined) ?? 'demo-quillreads',
  },
  /** host:port of the Auth emulator; never used once a real API key is configured. */
  authEmulatorHost: firebaseApiKey
    ? ''
    : ((env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST as string | undefined) ?? '127.0.0.1:9099'),
  /** Stripe's publishable key for this environment (the payments issue uses it). */
  stripePublishableKey: (env.PUBLIC_STRIPE_PUBLISHABLE_KEY as string | undefined) ?? '',
} as const;

/** The site's public address as a URL, to resolve paths against: `new URL('/blogs', siteUrl)`. */
export const siteUrl = new URL(`${publicConfig.siteUrl}/`);
