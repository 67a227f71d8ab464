import * as z from 'zod';
import { adminPageSchema } from '~/platform/admin/list.schema';
import { idParamsSchema as params } from '~/platform/http/common.schema';
import { binaryContent, contract } from '~/platform/http/contract';
import {
  adminPassageDetailSchema,
  adminPassageSchema,
  bookDetailSchema,
  bookInputSchema,
  bookListQuerySchema,
  bookPatchSchema,
  bookSchema,
  bookSearchQuerySchema,
  bookSearchSchema,
  COVER_TYPES,
  MAX_COVER_BYTES,
  MAX_MODEL_AUDIO_BYTES,
  MODEL_AUDIO_TYPES,
  passageInputSchema,
  passageLevelsSchema,
  passageListQuerySchema,
  passagePatchSchema,
} from './catalogue.schema';

const bookDeletedSchema = z
  .object({ deleted: z.literal(true), readingLogs: z.int() })
  .meta({ id: 'AdminBookDeleted' });
const passageDeletedSchema = z
  .object({ deleted: z.literal(true), recordings: z.int() })
  .meta({ id: 'AdminPassageDeleted' });

/**
 * The book catalogue: the public search families use when they log a book, and the admin console's
 * books (each with its cover) and read-aloud passages (each with its model reading).
 */
export const catalogueApi = {
  search: contract('searchBooks', 'GET /books', {
    summary: 'Searches the book catalogue by title or author (public)',
    access: 'public',
    query: bookSearchQuerySchema,
    status: 200,
    response: bookSearchSchema,
    returns: 'Matching books, titles starting with the words first',
  }),

  adminListBooks: contract('adminListBooks', 'GET /admin/books', {
    summary: 'The catalogue, searched by title, author or ISBN, sorted and paged (administrators only)',
    access: 'admin',
    query: bookListQuerySchema,
    status: 200,
    response: adminPageSchema(bookSchema, 'AdminBookPage'),
    returns: 'A page of books',
  }),
  adminCreateBook: contract('adminCreateBook', 'POST /admin/books', {
    summary: 'Adds a book; an ISBN-10 or ISBN-13 is checked and kept as its ISBN-13',
    access: 'admin',
    body: bookInputSchema,
    status: 201,
    response: bookSchema,
    returns: 'The new book',
    errors: [409],
  }),
  adminGetBook: contract('adminGetBook', 'GET /admin/books/{id}', {
    summary: 'One book, with how many reading-log entries name it',
    access: 'admin',
    params,
    status: 200,
    response: bookDetailSchema,
    returns: 'The book',
  }),
  adminUpdateBook: contract('adminUpdateBook', 'PATCH /admin/books/{id}', {
    summary: 'Changes the fields sent',
    access: 'admin',
    params,
    body: bookPatchSchema,
    status: 200,
    response: bookDetailSchema,
    returns: 'The book as saved',
    errors: [409],
  }),
  adminDeleteBook: contract('adminDeleteBook', 'DELETE /admin/books/{id}', {
    summary: 'Deletes a book and its cover; reading-log entries keep their own title and author',
    access: 'admin',
    params,
    status: 200,
    response: bookDeletedSchema,
    returns: 'Deleted, with how many log entries named it',
  }),
  adminUploadBookCover: contract('adminUploadBookCover', 'POST /admin/books/{id}/cover', {
    summary: `Sets or replaces the cover: JPEG, PNG, WebP or GIF as the raw body, at most ${MAX_COVER_BYTES / 1024 / 1024} MB; stored as WebP`,
    access: 'admin',
    params,
    request: { body: { required: true, content: binaryContent(COVER_TYPES) } },
    status: 200,
    response: bookSchema,
    returns: 'The book with its new cover',
  }),
  adminDeleteBookCover: contract('adminDeleteBookCover', 'DELETE /admin/books/{id}/cover', {
    summary: 'Removes the cover',
    access: 'admin',
    params,
    status: 200,
    response: bookSchema,
    returns: 'The book without a cover',
  }),

  adminListPassages: contract('adminListPassages', 'GET /admin/passages', {
    summary: 'Read-aloud passages, searched by title or text, sorted and paged (administrators only)',
    access: 'admin',
    query: passageListQuerySchema,
    status: 200,
    response: adminPageSchema(adminPassageSchema, 'AdminPassagePage'),
    returns: 'A page of passages',
  }),
  adminPassageLevels: contract('adminPassageLevels', 'GET /admin/passage-levels', {
    summary: 'How many read-aloud passages each level has (administrators only)',
    description:
      'A level with none still gets a passage in its weekly plans, from the nearest level (the easier one first); the console warns the team so they can add one.',
    access: 'admin',
    status: 200,
    response: passageLevelsSchema,
    returns: 'Every level with its number of passages',
  }),
  adminCreatePassage: contract('adminCreatePassage', 'POST /admin/passages', {
    summary: 'Adds a passage; its words are counted on the server',
    access: 'admin',
    body: passageInputSchema,
    status: 201,
    response: adminPassageSchema,
    returns: 'The new passage',
  }),
  adminGetPassage: contract('adminGetPassage', 'GET /admin/passages/{id}', {
    summary: 'One passage with its text, and how many attempts children made at it',
    access: 'admin',
    params,
    status: 200,
    response: adminPassageDetailSchema,
    returns: 'The passage',
  }),
  adminUpdatePassage: contract('adminUpdatePassage', 'PATCH /admin/passages/{id}', {
    summary: 'Changes the fields sent; a new text is counted again',
    access: 'admin',
    params,
    body: passagePatchSchema,
    status: 200,
    response: adminPassageDetailSchema,
    returns: 'The passage as saved',
  }),
  adminDeletePassage: contract('adminDeletePassage', 'DELETE /admin/passages/{id}', {
    summary: "Deletes a passage and its model reading; children's attempts keep their times",
    access: 'admin',
    params,
    status: 200,
    response: passageDeletedSchema,
    returns: 'Deleted, with how many attempts named it',
  }),
  adminUploadPassageAudio: contract('adminUploadPassageAudio', 'POST /admin/passages/{id}/audio', {
    summary: `Sets or replaces the model reading: MP3, M4A, OGG, WebM or WAV as the raw body, at most ${MAX_MODEL_AUDIO_BYTES / 1024 / 1024} MB`,
    access: 'admin',
    params,
    request: { body: { required: true, content: binaryContent(Object.keys(MODEL_AUDIO_TYPES)) } },
    status: 200,
    response: adminPassageSchema,
    returns: 'The passage with its model reading',
  }),
  adminDeletePassageAudio: contract('adminDeletePassageAudio', 'DELETE /admin/passages/{id}/audio', {
    summary: 'Removes the model reading',
    access: 'admin',
    params,
    status: 200,
    response: adminPassageSchema,
    returns: 'The passage without a model reading',
  }),
};
