import type { APIRoute } from 'astro';
import { getStorage } from '~/platform/storage/index.server';
import { serveStored } from '~/platform/storage/serve.server';

// Uploads (podcast audio for now) from the storage module, with byte ranges so players can seek.
export const prerender = false;

export const GET: APIRoute = ({ request, params }) => serveStored(request, getStorage(), params.key ?? '');
export const HEAD: APIRoute = GET;
