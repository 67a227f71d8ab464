import type { APIRoute } from 'astro';
import { eventIcs, icsFileName } from '~/features/events/events';
import { findEvent } from '~/features/events/events.server';
import { cachePublicly } from '~/platform/http/pageCache';
import { siteUrl } from '~/platform/publicConfig';
import { getDatabase } from '~/platform/runtime.server';

export const prerender = false;

/** An event as an iCalendar file (RFC 5545) that calendar apps import. */
export const GET: APIRoute = async ({ params }) => {
  const { db } = await getDatabase();
  const event = params.id ? await findEvent(db, params.id) : undefined;
  if (!event) {
    return new Response('There is no such event.\n', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const headers = new Headers({
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="${icsFileName(event.title)}"`,
  });
  cachePublicly(headers);
  return new Response(eventIcs(event, siteUrl), { status: 200, headers });
};
