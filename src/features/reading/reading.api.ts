import { idParamsSchema as params } from '~/platform/http/common.schema';
import { contract } from '~/platform/http/contract';
import { groupDigits } from '~/platform/numbers';
import { MAX_MINUTES_PER_DAY } from './reading';
import {
  entryParamsSchema,
  readingChangeSchema,
  readingEntryInputSchema,
  readingEntryPatchSchema,
  readingLogQuerySchema,
  readingLogSchema,
} from './reading.schema';

/** A child's reading log: its entries, a page at a time, and its totals. */
export const readingApi = {
  log: contract('getReadingLog', 'GET /children/{id}/reading', {
    summary: "A child's reading log: entries newest first, a page at a time, and its totals",
    description:
      'Totals for this week and month, the last 12 weeks (Monday to Sunday) and months, and the streak. Pass the family’s own date as `today` (within a day of UTC); without it, the server’s UTC date.',
    access: 'account',
    params,
    query: readingLogQuerySchema,
    status: 200,
    response: readingLogSchema,
    returns: 'The log',
  }),
  create: contract('createReadingEntry', 'POST /children/{id}/reading', {
    summary: "Adds an entry to a child's reading log",
    description: `A catalogue book (\`bookId\`: its title and author come from the catalogue) or a \`title\` and optional \`author\`. No day in the future, no more than ${groupDigits(MAX_MINUTES_PER_DAY)} minutes on one day in all. \`finished: true\` when the child finished the book with this reading. Announces milestones (streaks of 3, 7, 14, 30 days; 10, 25, 50, 100 finished books) once each.`,
    access: 'account',
    params,
    body: readingEntryInputSchema,
    status: 201,
    response: readingChangeSchema,
    returns: 'The new entry and the milestones it announced',
  }),
  update: contract('updateReadingEntry', 'PATCH /children/{id}/reading/{entryId}', {
    summary: 'Changes an entry of a child’s reading log (only the fields sent)',
    access: 'account',
    params: entryParamsSchema,
    body: readingEntryPatchSchema,
    status: 200,
    response: readingChangeSchema,
    returns: 'The entry as it is now',
  }),
  delete: contract('deleteReadingEntry', 'DELETE /children/{id}/reading/{entryId}', {
    summary: 'Deletes an entry of a child’s reading log',
    access: 'account',
    params: entryParamsSchema,
    status: 204,
    returns: 'Deleted',
  }),
};
