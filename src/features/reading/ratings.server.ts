import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/platform/db/client.server';

interface TopRatedBook {
  id: string;
  title: string;
  author: string;
  readingLevel: string | null;
  ageMin: number | null;
  ageMax: number | null;
  average: number;
  ratings: number;
}

/**
 * The catalogue books children rated highest over the last `days` days, from the reading logs.
 * Only counts leave the database, never who rated. Books are ranked by their average pulled
 * towards 3 stars by two imaginary middling ratings, so one 5-star rating does not outrank
 * twenty 4.8s.
 */
export async function topRatedBooks(db: Db, options: { days?: number; limit?: number } = {}) {
  const { days = 30, limit = 6 } = options;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select b.id, b.title, b.author, b.reading_level, b.age_min, b.age_max,
           avg(l.rating)::float as average, count(l.rating)::int as ratings
    from reading_logs l
    join books b on b.id = l.book_id
    where l.rating is not null and l.read_on >= (current_date - ${days}::int)
    group by b.id
    order by (sum(l.rating) + 6)::float / (count(l.rating) + 2) desc, count(l.rating) desc, b.title
    limit ${limit}`,
  );
  return rows.map(
    (r): TopRatedBook => ({
      id: String(r.id),
      title: String(r.title),
      author: String(r.author),
      readingLevel: (r.reading_level as string | null) ?? null,
      ageMin: (r.age_min as number | null) ?? null,
      ageMax: (r.age_max as number | null) ?? null,
      average: Number(r.average),
      ratings: Number(r.ratings),
    }),
  );
}
