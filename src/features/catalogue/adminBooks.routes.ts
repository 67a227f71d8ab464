import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import { adminRecordRoutes } from '~/platform/http/adminRecords.server';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { readUpload } from '~/platform/http/uploads';
import { getStorage } from '~/platform/storage/index.server';
import { prepareWebImage } from '~/platform/storage/media.server';
import { createBook, deleteBook, getBook, listBooks, setBookCover, updateBook } from './adminBooks.server';
import { catalogueApi as api } from './catalogue.api';
import { COVER_BOX, COVER_TYPES, MAX_COVER_BYTES } from './catalogue.schema';

const NO_BOOK = 'That book';

/** The book catalogue: list, add, edit, delete, and each book's cover. */
export function adminBookRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const storage = () => deps.storage ?? getStorage();

  adminRecordRoutes(app, deps, NO_BOOK, {
    list: [api.adminListBooks, listBooks],
    create: [api.adminCreateBook, createBook],
    get: [api.adminGetBook, getBook],
    update: [api.adminUpdateBook, updateBook],
  });

  route(app, deps, api.adminDeleteBook, async (c) => {
    const result = await deleteBook(
      deps.db,
      storage(),
      deps.logger,
      c.get('user').id,
      c.req.valid('param').id,
    );
    if (!result) throw notFound(NO_BOOK);
    return c.json({ deleted: true as const, readingLogs: result.readingLogs }, 200);
  });

  route(app, deps, api.adminUploadBookCover, async (c) => {
    const { id } = c.req.valid('param');
    // An unknown book is answered before the picture is read or converted.
    if (!(await getBook(deps.db, id))) throw notFound(NO_BOOK);
    const upload = await readUpload(c, { types: COVER_TYPES, maxBytes: MAX_COVER_BYTES, what: 'cover' });
    const picture = await prepareWebImage(upload.bytes, COVER_BOX);
    const book = await setBookCover(deps.db, storage(), deps.logger, c.get('user').id, id, picture);
    if (!book) throw notFound(NO_BOOK);
    return c.json(book, 200);
  });

  route(app, deps, api.adminDeleteBookCover, async (c) => {
    const { id } = c.req.valid('param');
    const book = await setBookCover(deps.db, storage(), deps.logger, c.get('user').id, id, null);
    if (!book) throw notFound(NO_BOOK);
    return c.json(book, 200);
  });
}
