import { catalogueApi } from '~/features/catalogue/catalogue.api';
import { COVER_TYPES, MAX_COVER_BYTES } from '~/features/catalogue/catalogue.schema';
import { BOOKS } from './BookFields';
import { MediaUpload } from './MediaUpload';
import { DeleteRecord, DetailsForm, RecordPage } from './RecordForms';
import '~/islands/shared/admin/admin.css';
import './catalogue.css';

const entries = (n: number) => (n === 1 ? '1 reading-log entry' : `${n} reading-log entries`);

/** /updateBooks/{id}: a book's details, its cover, and deleting it. */
export function BookEditor({ bookId }: { bookId: string }) {
  return (
    <RecordPage kind={BOOKS} id={bookId}>
      {(book, replace) => (
        <>
          <DetailsForm
            key={book.id}
            kind={BOOKS}
            record={book}
            heading="Details"
            savedText={() => 'Your changes were saved.'}
            onSaved={replace}
          />
          <MediaUpload
            heading="Cover"
            intro={<p>Shown in the catalogue. It is resized for the web and saved as WebP.</p>}
            what="cover"
            types={COVER_TYPES}
            maxBytes={MAX_COVER_BYTES}
            hint="A JPEG, PNG, WebP or GIF picture."
            current={book.coverUrl}
            preview={(url) => (
              <img className="catalogue-cover-large" src={url} alt={`Cover of ${book.title}`} />
            )}
            upload={catalogueApi.adminUploadBookCover}
            remove={catalogueApi.adminDeleteBookCover}
            recordId={book.id}
            onSaved={(saved) => replace({ ...book, coverUrl: saved.coverUrl, updatedAt: saved.updatedAt })}
          />
          <DeleteRecord
            kind={BOOKS}
            record={book}
            about={
              book.readingLogCount === 0
                ? 'No reading-log entry names this book.'
                : `${entries(book.readingLogCount)} name this book. They keep its title and author; only their link to the catalogue goes.`
            }
            warning={
              <>
                The book and its cover leave the catalogue for good.{' '}
                {book.readingLogCount === 0
                  ? 'No reading-log entry refers to it.'
                  : `${entries(book.readingLogCount)} refer to it: they keep the title and author children logged.`}
              </>
            }
            deletedText={(result) =>
              `“${book.title}” was deleted.${result.readingLogs > 0 ? ` ${entries(result.readingLogs)} keep its title and author.` : ''}`
            }
          />
        </>
      )}
    </RecordPage>
  );
}
