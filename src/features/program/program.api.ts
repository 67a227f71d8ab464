import * as z from 'zod';
import { idParamsSchema as params } from '~/platform/http/common.schema';
import { contract } from '~/platform/http/contract';
import {
  calendarFeedSchema,
  childPlanSchema,
  currentCalendarFeedSchema,
  placementAnswersSchema,
  placementOutcomeSchema,
  planQuerySchema,
  wallSchema,
} from './program.schema';

const tokenParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a calendar address of this site.')
    .meta({ description: 'The secret part of the family’s calendar address' }),
});

/** A child's weekly program: the plan, the finished-books wall and the family's calendar. */
export const programApi = {
  plan: contract('getChildPlan', 'GET /children/{id}/plan', {
    summary: "A child's weekly reading plan: the week under way, or the one asked for",
    description:
      'Books with their reasons and library alternatives, ticked off once logged; the week’s goal and daily sessions with the minutes logged; the read-aloud passage; the streak; the child’s other weeks. `state` says when there is no plan: no program, one starting later, or the week’s plan being made.',
    access: 'account',
    params,
    query: planQuerySchema,
    status: 200,
    response: childPlanSchema,
    returns: 'The plan and where the program stands',
  }),
  place: contract('placeChild', 'PUT /children/{id}/placement', {
    summary:
      'Places a child at a reading level from three answers (a recent read-aloud decides when there is one)',
    description:
      'The level moves one step at most from the level of the child’s age. When it changes and nothing has been logged since this week’s plan began, the week’s plan is made again at the new level (not for a stopped program); otherwise the next plan uses it.',
    access: 'account',
    params,
    body: placementAnswersSchema,
    status: 200,
    response: placementOutcomeSchema,
    returns: 'The level and how it was chosen',
  }),
  wall: contract('getFinishedBooks', 'GET /children/{id}/wall', {
    summary: "A child's finished-books wall: every different book logged, and the milestones reached",
    access: 'account',
    params,
    status: 200,
    response: wallSchema,
    returns: 'The wall',
  }),
  currentCalendar: contract('getCurrentCalendarFeed', 'GET /me/calendar', {
    summary: 'The family’s calendar address, if it has one (never makes one)',
    access: 'account',
    status: 200,
    response: currentCalendarFeedSchema,
    returns: 'The address, a path under the site, or null',
  }),
  calendar: contract('getCalendarFeed', 'POST /me/calendar', {
    summary: 'The family’s calendar address for the weekly plans (made on first use)',
    description:
      'Calendar apps subscribe to it without signing in, so it is a secret: stopping it (DELETE) makes it answer 404; asking again gives a new one.',
    access: 'account',
    status: 200,
    response: calendarFeedSchema,
    returns: 'The address, a path under the site',
  }),
  stopCalendar: contract('stopCalendarFeed', 'DELETE /me/calendar', {
    summary: 'Stops the family’s calendar address',
    access: 'account',
    status: 204,
    returns: 'Stopped (also when there was none)',
  }),
  calendarFeed: contract('getCalendarFile', 'GET /calendar/{token}/plans.ics', {
    summary: 'The family’s reading sessions as an iCalendar feed (for calendar apps)',
    access: 'public',
    params: tokenParams,
    status: 200,
    returns: 'The calendar',
    responses: { 200: { description: 'The calendar', content: { 'text/calendar': { schema: z.string() } } } },
  }),
};
