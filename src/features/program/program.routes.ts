import type { OpenAPIHono } from '@hono/zod-openapi';
import { isPlausibleToday, utcDay } from '~/platform/days';
import { invalid, notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { ownChildOr404 } from '~/platform/identity/accounts.server';
import { publicConfig } from '~/platform/publicConfig';
import { calendarFeedOf, currentCalendarFeed, familyCalendar, stopCalendarFeed } from './calendar.server';
import type { PlacementAnswers } from './placement';
import { placeChild } from './placement.server';
import { childPlan, finishedBooks } from './planView.server';
import { programApi as api } from './program.api';

/** The family's own children only: another family's child, or its plan, is indistinguishable from none (404). */
export function programRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.plan, async (c) => {
    const { plan, today } = c.req.valid('query');
    if (today !== undefined && !isPlausibleToday(today))
      throw invalid({ today: 'Send today’s date where you are, as YYYY-MM-DD.' });
    const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
    const view = await childPlan(deps.db, child, { planId: plan, today: today ?? utcDay(new Date()) });
    if (!view) throw notFound('That plan');
    return c.json(view, 200);
  });

  route(app, deps, api.place, async (c) => {
    const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
    const outcome = await placeChild(deps.db, child, c.req.valid('json') as PlacementAnswers);
    return c.json(outcome, 200);
  });

  route(app, deps, api.wall, async (c) => {
    const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
    return c.json(await finishedBooks(deps.db, child), 200);
  });

  route(app, deps, api.currentCalendar, async (c) =>
    c.json({ url: await currentCalendarFeed(deps.db, c.get('user').id) }, 200),
  );

  route(app, deps, api.calendar, async (c) => {
    return c.json({ url: await calendarFeedOf(deps.db, c.get('user').id) }, 200);
  });

  route(app, deps, api.stopCalendar, async (c) => {
    await stopCalendarFeed(deps.db, c.get('user').id);
    return c.body(null, 204);
  });

  route(app, deps, api.calendarFeed, async (c) => {
    const body = await familyCalendar(deps.db, c.req.valid('param').token, publicConfig.siteUrl);
    if (!body) throw notFound('That calendar');
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Cache-Control': 'private, no-store',
        'Content-Disposition': 'inline; filename="quill-reads-plans.ics"',
        'X-Content-Type-Options': 'nosniff',
      },
    }) as never;
  });
}
