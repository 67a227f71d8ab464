import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { adminPageSchema } from '~/platform/admin/list.schema';
import { notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { binaryContent, errorResponses, json } from '~/platform/http/contract';
import { requireAdmin } from '~/platform/http/middleware.server';
import { readUpload } from '~/platform/http/uploads';
import { getStorage } from '~/platform/storage/index.server';
import { prepareWebImage } from '~/platform/storage/media.server';
import { createBook, deleteBook, getBook, listBooks, setBookCover, updateBook } from './adminBooks.server';
import {
  bookDetailSchema,
  bookInputSchema,
  bookListQuerySchema,
  bookPatchSchema,
  bookSchema,
  COVER_BOX,
  COVER_TYPES,
  MAX_COVER_BYTES,
} from './catalogue.schema';

const idParams = z.object({ id: uuidSchema });
const deletedSchema = z
  .object({ deleted: z.literal(true), readingLogs: z.int() })
  .meta({ id: 'AdminBookDeleted' });
const NO_BOOK = 'That book';

/** The book catalogue: list, add, edit, delete, and each book's cover. */
export function adminBookRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const admin = requireAdmin(deps);
  const storage = () => deps.storage ?? getStorage();

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'get',
      path: '/admin/books',
      summary: 'The catalogue, searched by title, author or ISBN, sorted and paged (administrators only)',
      operationId: 'adminListBooks',
      request: { query: bookListQuerySchema },
      responses: {
        200: { description: 'A page of books', content: json(adminPageSchema(bookSchema, 'AdminBookPage')) },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => c.json(await listBooks(deps.db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'post',
      path: '/admin/books',
      summary: 'Adds a book; an ISBN-10 or ISBN-13 is checked and kept as its ISBN-13',
      operationId: 'adminCreateBook',
      request: { body: { content: json(bookInputSchema), required: true } },
      responses: {
        201: { description: 'The new book', content: json(bookSchema) },
        ...errorResponses(400, 401, 403, 409),
      },
    }),
    async (c) => c.json(await createBook(deps.db, c.get('user').id, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'get',
      path: '/admin/books/{id}',
      summary: 'One book, with how many reading-log entries name it',
      operationId: 'adminGetBook',
      request: { params: idParams },
      responses: {
        200: { description: 'The book', content: json(bookDetailSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const book = await getBook(deps.db, c.req.valid('param').id);
      if (!book) throw notFound(NO_BOOK);
      return c.json(book, 200);
    },
  );

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'patch',
      path: '/admin/books/{id}',
      summary: 'Changes the fields sent',
      operationId: 'adminUpdateBook',
      request: { params: idParams, body: { content: json(bookPatchSchema), required: true } },
      responses: {
        200: { description: 'The book as saved', content: json(bookDetailSchema) },
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const book = await updateBook(deps.db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
      if (!book) throw notFound(NO_BOOK);
      return c.json(book, 200);
    },
  );

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'delete',
      path: '/admin/books/{id}',
      summary: 'Deletes a book and its cover; reading-log entries keep their own title and author',
      operationId: 'adminDeleteBook',
      request: { params: idParams },
      responses: {
        200: { description: 'Deleted, with how many log entries named it', content: json(deletedSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const result = await deleteBook(
        deps.db,
        storage(),
        deps.logger,
        c.get('user').id,
        c.req.valid('param').id,
      );
      if (!result) throw notFound(NO_BOOK);
      return c.json({ deleted: true as const, readingLogs: result.readingLogs }, 200);
    },
  );

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'post',
      path: '/admin/books/{id}/cover',
      summary: `Sets or replaces the cover: JPEG, PNG, WebP or GIF as the raw body, at most ${MAX_COVER_BYTES / 1024 / 1024} MB; stored as WebP`,
      operationId: 'adminUploadBookCover',
      request: {
        params: idParams,
        body: {
          required: true,
          content: binaryContent(COVER_TYPES),
        },
      },
      responses: {
        200: { description: 'The book with its new cover', content: json(bookSchema) },
        ...errorResponses(400, 401, 403, 404, 413),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      // An unknown book is answered before the picture is read or converted.
      if (!(await getBook(deps.db, id))) throw notFound(NO_BOOK);
      const upload = await readUpload(c, { types: COVER_TYPES, maxBytes: MAX_COVER_BYTES, what: 'cover' });
      const picture = await prepareWebImage(upload.bytes, COVER_BOX);
      const book = await setBookCover(deps.db, storage(), deps.logger, c.get('user').id, id, picture);
      if (!book) throw notFound(NO_BOOK);
      return c.json(book, 200);
    },
  );

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'delete',
      path: '/admin/books/{id}/cover',
      summary: 'Removes the cover',
      operationId: 'adminDeleteBookCover',
      request: { params: idParams },
      responses: {
        200: { description: 'The book without a cover', content: json(bookSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const book = await setBookCover(deps.db, storage(), deps.logger, c.get('user').id, id, null);
      if (!book) throw notFound(NO_BOOK);
      return c.json(book, 200);
    },
  );
}
