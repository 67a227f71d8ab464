import { sendWithTokenHint } from './earlyRequests';

// The head of a signed-in page, inline (EarlySession.astro, scripts/inlineScripts.mjs): the first
// requests leave with the last page's token while the HTML is still being read. The API's address
// comes from the script element, so the script's text, and its hash, are the same on every page.
const script = document.currentScript as HTMLScriptElement | null;
sendWithTokenHint(script?.dataset.apiBase ?? '');
