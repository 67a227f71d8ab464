import { useState } from 'react';
import { percentText } from '~/features/readAloud/runningRecord';
import { periodText, reportTitle, weekLine } from '~/features/reports/reports';
import { reportsApi } from '~/features/reports/reports.api';
import type { ReportDto } from '~/features/reports/reports.schema';
import { TrendSection } from '~/islands/readAloud/FluencyTrend';
import { recordOf, useRecord } from '~/islands/shared/admin/useRecord';
import { FormAlert } from '~/islands/shared/Field';
import { errorMessage } from '~/islands/shared/loadState';
import { callForBlob } from '~/platform/client/api';
import { formatTime } from '~/platform/time';
import './reports.css';

/** Saves a PDF the API answers under its own name. */
async function downloadPdf(
  contract: typeof reportsApi.pdf | typeof reportsApi.certificate,
  id: string,
  name: string,
) {
  const blob = await callForBlob(contract, { params: { id } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Downloads({ report }: { report: ReportDto }) {
  const [error, setError] = useState('');
  const name = report.data.childFirstName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const get = (which: 'pdf' | 'certificate') => {
    setError('');
    const file = which === 'pdf' ? `quillreads-report-${name}.pdf` : `quillreads-certificate-${name}.pdf`;
    downloadPdf(reportsApi[which], report.id, file).catch((e: unknown) =>
      setError(errorMessage(e, 'The file could not be downloaded. Check your connection and try again.')),
    );
  };
  return (
    <div className="report-downloads">
      <button type="button" className="btn btn-primary" onClick={() => get('pdf')}>
        Download the report (PDF)
      </button>
      {report.hasCertificate && (
        <button type="button" className="btn btn-secondary" onClick={() => get('certificate')}>
          Download {report.data.childFirstName}’s certificate (PDF)
        </button>
      )}
      <FormAlert message={error} />
    </div>
  );
}

function Figures({ report }: { report: ReportDto }) {
  const { totals, fluency } = report.data;
  const latest = fluency.points.at(-1);
  return (
    <dl className="report-figures">
      <div>
        <dt>Minutes read</dt>
        <dd>{totals.minutes}</dd>
      </div>
      <div>
        <dt>Books finished</dt>
        <dd>{totals.booksFinished}</dd>
      </div>
      {totals.weeksWithGoal > 0 ? (
        <div>
          <dt>Weeks on goal</dt>
          <dd>
            {totals.weeksOnGoal} of {totals.weeksWithGoal}
          </dd>
        </div>
      ) : (
        <div>
          <dt>Reading sessions</dt>
          <dd>{totals.sessions}</dd>
        </div>
      )}
      <div>
        <dt>Words correct a minute, latest</dt>
        <dd>{latest ? latest.wordsCorrectPerMinute : '—'}</dd>
      </div>
    </dl>
  );
}

function Weeks({ report }: { report: ReportDto }) {
  return (
    <section className="surface" aria-labelledby="report-weeks">
      <h2 id="report-weeks">Minutes each week</h2>
      <table className="report-table">
        <caption className="sr-only">Minutes read each week against the week’s goal</caption>
        <thead>
          <tr>
            <th scope="col">Week</th>
            <th scope="col">Read</th>
          </tr>
        </thead>
        <tbody>
          {report.data.weeks.map((w) => (
            <tr key={w.weekNumber}>
              <th scope="row">
                Week {w.weekNumber}, from {formatTime(w.startsOn, 'shortDate')}
              </th>
              <td>{weekLine(w)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Books({ report }: { report: ReportDto }) {
  return (
    <section className="surface" aria-labelledby="report-books">
      <h2 id="report-books">Books finished</h2>
      {report.data.booksFinished.length === 0 ? (
        <p>No book was marked finished in this period.</p>
      ) : (
        <ul>
          {report.data.booksFinished.map((b) => (
            <li key={`${b.title}-${b.finishedOn}`}>
              <cite>{b.title}</cite>
              {b.author ? ` by ${b.author}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FromTheGuide({ report }: { report: ReportDto }) {
  const { scores, notes } = report.data;
  if (scores.length === 0 && notes.length === 0) return null;
  return (
    <section className="surface" aria-labelledby="report-guide">
      <h2 id="report-guide">From the reading guide</h2>
      <ul className="report-guide">
        {scores.map((s) => (
          <li key={s.at}>
            <strong>
              {formatTime(s.at, 'shortDate')}, {s.passageTitle ?? 'a passage'}:
            </strong>{' '}
            {percentText(s.accuracy)} right, {s.wordsCorrectPerMinute} words correct a minute, fluency{' '}
            {s.fluency} of 4 ({s.guideName}){s.note && <blockquote>{s.note}</blockquote>}
          </li>
        ))}
        {notes.map((n) => (
          <li key={n.weekNumber}>
            <strong>
              Week {n.weekNumber}, {n.guideName}:
            </strong>
            <blockquote>{n.body}</blockquote>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One of the family's progress reports: the figures, the weeks, the fluency, the guide's words. */
export function ReportView({ id }: { id: string }) {
  const { state, reload } = useRecord(recordOf(reportsApi.get, id), 'This report could not be loaded.');
  if (state.status === 'loading') return <p role="status">Loading the report…</p>;
  if (state.status === 'missing') return <p>There is no such report on your account.</p>;
  if (state.status === 'failed') {
    return (
      <div>
        <FormAlert message={state.message} />
        <button type="button" className="btn btn-secondary" onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  const report = state.record;
  const { data } = report;
  return (
    <article className="report">
      <header>
        <h2>{reportTitle(data.childFirstName, report.kind)}</h2>
        <p>
          {data.programName}, {periodText(report.periodStart, report.periodEnd)}
          {data.guideName ? ` · Reading guide: ${data.guideName}` : ''}
        </p>
      </header>
      <Downloads report={report} />
      <Figures report={report} />
      <Weeks report={report} />
      <Books report={report} />
      {data.fluency.points.length > 0 && (
        <div className="surface">
          <TrendSection trend={data.fluency} childName={data.childFirstName} headingId="report-fluency" />
        </div>
      )}
      <FromTheGuide report={report} />
    </article>
  );
}
