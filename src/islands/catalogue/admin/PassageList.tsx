import type { AdminPassage } from '~/features/catalogue/catalogue.schema';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { formatTime } from '~/platform/time';
import { PassageCoverage } from './PassageCoverage';
import { PASSAGES, wordsText } from './PassageFields';
import { RecordList } from './RecordList';

/** The read-aloud passages: searched, sorted and paged on the server, with the form to add one. */
export function PassageList() {
  return (
    <>
      <PassageCoverage />
      <RecordList
        kind={PASSAGES}
        heading="Passages"
        search={['Search the passages', 'A word of the title or the text']}
        addLabel="Add a passage"
        caption={(page) => `Read-aloud passages, page ${page}`}
        columns={[
          { label: 'Title', sort: 'title' },
          { label: 'Level', sort: 'level' },
          { label: 'Words', sort: 'wordCount', desc: true },
          { label: 'Model reading' },
          { label: 'Used for' },
          { label: 'Added', sort: 'createdAt', desc: true },
        ]}
        rowKey={(p: AdminPassage) => p.id}
        row={(p: AdminPassage) => (
          <>
            <td>
              <a href={PASSAGES.editHref(p.id)}>{p.title}</a>
            </td>
            <td>{READING_LEVEL_LABELS[p.level]}</td>
            <td>{p.wordCount}</td>
            <td>
              {p.audioUrl ? (
                <span className="status-pill" data-tone="good">
                  Yes
                </span>
              ) : (
                <span className="status-pill">None</span>
              )}
            </td>
            <td>{p.portfolio ? 'Voice portfolio' : 'Practice'}</td>
            <td>
              <time dateTime={p.createdAt}>{formatTime(p.createdAt, 'shortDate')}</time>
            </td>
          </>
        )}
        empty={(q) =>
          q ? (
            <p>No passage matches “{q}”.</p>
          ) : (
            <p>No passages yet. Add the first one with the form below: children practise with it at once.</p>
          )
        }
        pager="Pages of passages"
        addedText={(p) => `“${p.title}” was added (${wordsText(p.wordCount)}).`}
        editText="Add a model reading or edit it"
      />
    </>
  );
}
