import { minutesText } from '~/features/reading/chart';
import './Figures.css';

export interface FigureRow {
  key: string;
  label: string;
  minutes: number;
  entries: number;
}

/** Reading figures as a table, folded away under a summary: the numbers behind a picture. */
export function Figures({
  summary,
  caption,
  first,
  rows,
}: {
  summary: string;
  caption: string;
  /** The heading of the first column: what each row is. */
  first: string;
  rows: FigureRow[];
}) {
  return (
    <details className="chart-figures">
      <summary>{summary}</summary>
      <div className="table-scroll">
        <table className="figures-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{first}</th>
              <th scope="col">Minutes</th>
              <th scope="col">Entries</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                <td>{minutesText(r.minutes)}</td>
                <td>{r.entries}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
