// soundswallower's browser build imports "blob-polyfill", which reads `document` as it loads and so
// cannot run in a worker; every browser the site supports has Blob. astro.config.mjs points the
// import here.
export const Blob = globalThis.Blob;
