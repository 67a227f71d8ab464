import { defineMiddleware } from 'astro:middleware';
import { withIslandStylesInHead } from '~/platform/http/islandStyles';
import { pageModuleGraph, withPagePreloads } from '~/platform/http/modulePreloads';
import { finishAnswer } from '~/platform/server/compression.server';

/**
 * Runs for every page, at build time for the pre-rendered ones and on request for the others:
 * - Astro's own rule for islands goes in <head>, where HTML allows a <style> (docs/architecture.md,
 *   "Valid HTML");
 * - what is rendered on request (blogs, events, the podcast, feeds, server islands, the 404 page)
 *   leaves compressed and with a validator, like the API's answers (decision 25). Pre-rendered pages
 *   are compressed at build time instead, and the dev server is left alone;
 * - what is rendered on request asks for every script its islands import at once (modulepreload
 *   links, decision 35); the build adds them to the pre-rendered pages.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = withIslandStylesInHead(await next());
  if (context.isPrerendered || import.meta.env.DEV) return response;
  return finishAnswer(context.request, await withPagePreloads(response, pageModuleGraph()));
});
