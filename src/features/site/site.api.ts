import * as z from 'zod';
import { contract } from '~/platform/http/contract';

const healthSchema = z
  .object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })
  .meta({ id: 'Health' });

/** The site itself: whether the server and its database are ready. */
export const siteApi = {
  health: contract('getHealth', 'GET /health', {
    summary: 'Answers when the server and its database are ready',
    access: 'public',
    status: 200,
    response: healthSchema,
    returns: 'Ready',
    responses: { 503: { description: 'The database does not answer' } },
  }),
};
