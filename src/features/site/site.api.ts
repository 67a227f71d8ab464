import * as z from 'zod';
import { contract } from '~/platform/http/contract';

const healthSchema = z
  .object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })
  .meta({ id: 'Health' });

const liveSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Live' });

/** The site itself: whether this copy of the server is alive, and ready for requests. */
export const siteApi = {
  health: contract('getHealth', 'GET /health', {
    summary: 'Answers when this copy is ready: its database answers and its file store can be written to',
    description:
      'What a load balancer asks before sending requests here. 503 while the database or the file store cannot be reached, and once the copy has started stopping (SIGTERM), so that traffic moves to the other copies while it finishes its requests.',
    access: 'public',
    status: 200,
    response: healthSchema,
    returns: 'Ready',
    responses: { 503: { description: 'Not ready: the database, the file store, or the copy is stopping' } },
  }),
  live: contract('getLiveness', 'GET /health/live', {
    summary: 'Answers while the process serves requests, whatever its database or file store',
    description: 'What a container platform asks to decide whether to restart this copy.',
    access: 'public',
    status: 200,
    response: liveSchema,
    returns: 'Alive',
  }),
};
