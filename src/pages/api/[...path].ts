import type { APIRoute } from 'astro';
import { getApi } from '~/features/api.server';

// Every /api request goes to the Hono app (docs/decisions/0005-api-through-a-catch-all-endpoint.md).
export const prerender = false;

export const ALL: APIRoute = async ({ request, clientAddress }) => {
  const api = await getApi();
  return api.fetch(request, { clientAddress });
};
