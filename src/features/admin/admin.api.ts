import * as z from 'zod';
import { adminPageSchema } from '~/platform/admin/list.schema';
import { idParamsSchema, uuidSchema } from '~/platform/http/common.schema';
import { contract } from '~/platform/http/contract';
import { adminCountsSchema, auditEntrySchema, auditQuerySchema } from './admin.schema';
import { emailOutboxSchema } from './emails.schema';
import { jobRetryParamsSchema, jobsOverviewSchema } from './jobs.schema';
import {
  adminUserQuerySchema,
  adminUserSchema,
  adminUserViewSchema,
  createAccountResultSchema,
  createAccountSchema,
  passwordLinkResultSchema,
  userChangeSchema,
} from './users.schema';

const userParams = idParamsSchema;
const childParams = z.object({ id: uuidSchema, childId: uuidSchema });

/** The admin console's own operations: the audit log, the counts, the background jobs, and the accounts. */
export const adminApi = {
  auditLog: contract('adminListAuditLog', 'GET /admin/audit', {
    summary: 'The audit log: who changed what, and when (administrators only)',
    access: 'admin',
    query: auditQuerySchema,
    status: 200,
    response: adminPageSchema(auditEntrySchema, 'AuditPage'),
    returns: 'A page of the log',
  }),
  counts: contract('adminGetCounts', 'GET /admin/counts', {
    summary: 'What waits for the team: submitted posts and new inquiries (administrators only)',
    access: 'admin',
    status: 200,
    response: adminCountsSchema,
    returns: 'The counts',
  }),
  jobs: contract('adminGetJobs', 'GET /admin/jobs', {
    summary:
      'The background jobs: each queue counted by state, with its latest failures (administrators only)',
    description:
      'Where no jobs run (a development server), `running` is false and `queues` empty. 503 when the job queue cannot be reached.',
    access: 'admin',
    status: 200,
    response: jobsOverviewSchema,
    returns: 'The queues',
    errors: [503],
  }),
  retryJob: contract('adminRetryJob', 'POST /admin/jobs/{name}/{id}/retry', {
    summary: 'Sends a failed job back to its queue, allowing it one more attempt',
    description:
      'Only a job that ran out of retries (state failed) can be retried: 409 for one that has not failed, or when another job with the same key is already waiting or running; 404 for an unknown queue or job; 503 where no jobs run. Recorded in the audit log.',
    access: 'admin',
    params: jobRetryParamsSchema,
    status: 200,
    response: jobsOverviewSchema,
    returns: 'The queues as they now are',
    errors: [503],
  }),
  emails: contract('adminGetEmailOutbox', 'GET /admin/emails', {
    summary: 'The outbox of email: messages counted by state, with the latest given up (administrators only)',
    access: 'admin',
    status: 200,
    response: emailOutboxSchema,
    returns: 'The outbox',
  }),
  retryEmail: contract('adminRetryEmail', 'POST /admin/emails/{id}/retry', {
    summary: 'Sends a message given up after its retries again, from its first attempt',
    description:
      'Only a message given up can be sent again: 409 for one sent or still waiting for its next attempt; 404 for an unknown message. Recorded in the audit log.',
    access: 'admin',
    params: idParamsSchema,
    status: 200,
    response: emailOutboxSchema,
    returns: 'The outbox as it now is',
  }),
  users: contract('adminListUsers', 'GET /admin/users', {
    summary: 'Every account, searched by email or name, filtered by role and status, sorted and paged',
    access: 'admin',
    query: adminUserQuerySchema,
    status: 200,
    response: adminPageSchema(adminUserSchema, 'UserPage'),
    returns: 'A page of accounts',
  }),
  createUser: contract('adminCreateUser', 'POST /admin/users', {
    summary: 'Creates a parent or administrator account, in the sign-in service and here',
    description:
      'The sign-in account gets a random password nobody sees; the person is emailed a link to choose their own. Setting it also verifies their email address.',
    access: 'admin',
    body: createAccountSchema,
    status: 201,
    response: createAccountResultSchema,
    returns: 'The account, and whether the link was sent',
    errors: [409, 503],
  }),
  user: contract('adminGetUser', 'GET /admin/users/{id}', {
    summary: 'One account with its children, orders, blog posts and inquiries',
    access: 'admin',
    params: userParams,
    status: 200,
    response: adminUserViewSchema,
    returns: 'The account',
  }),
  updateUser: contract('adminUpdateUser', 'PATCH /admin/users/{id}', {
    summary: "Changes an account's role or disables/enables it",
    description:
      'Nobody removes their own administrator rights or disables themselves; the last enabled administrator keeps the role (409 last_admin). A disabled account is refused by every signed-in route.',
    access: 'admin',
    params: userParams,
    body: userChangeSchema,
    status: 200,
    response: adminUserSchema,
    returns: 'The account as it now is',
    errors: [409],
  }),
  sendPasswordLink: contract('adminSendPasswordLink', 'POST /admin/users/{id}/password-link', {
    summary: 'Emails the person a link to set a new password',
    access: 'admin',
    params: userParams,
    status: 200,
    response: passwordLinkResultSchema,
    returns: 'Sent',
    errors: [503],
  }),
  deleteChild: contract('adminDeleteUserChild', 'DELETE /admin/users/{id}/children/{childId}', {
    summary: "Removes one of the account's children and everything about them",
    description:
      'The same removal a parent makes: reading log, read-aloud recordings (files too), notifications, subscriptions; event seats are given back.',
    access: 'admin',
    params: childParams,
    status: 200,
    response: adminUserViewSchema,
    returns: 'The account without the child',
  }),
};
