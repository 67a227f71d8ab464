import type { APIRoute } from 'astro';
import { getApi } from '~/features/api.server';

// In `astro dev`, every /api request goes to the Hono app through this page (decision 5); the
// production server sends /api to Hono itself (decision 25).
export const prerender = false;

export const ALL: APIRoute = async ({ request, clientAddress }) => {
  // In production the server hands /api to Hono before Astro (decision 25); an address that reaches
  // this page there was spelled to slip past that (`/x/../api`, `/%61pi`) and is not served.
  if (!import.meta.env.DEV) return new Response(null, { status: 404 });
  const api = await getApi();
  return api.fetch(request, { clientAddress });
};
