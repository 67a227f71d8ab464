/**
 * How fluently a child reads aloud: the scale a guide rates a reading on, and the published norms
 * the words correct per minute are set against. Data with its sources, so they are read, not guessed.
 */

import { gradeIn, schoolYearOf } from '~/platform/days';

/**
 * NAEP's oral reading fluency scale (U.S. National Assessment of Educational Progress, 2002 Oral
 * Reading Study; NCES): four levels, 3 and 4 fluent, 1 and 2 not yet. Our summaries of its wording.
 */
export const FLUENCY_SCALE = [
  {
    level: 1,
    name: 'Word by word',
    fluent: false,
    says: 'Reads mostly word by word; the odd two- or three-word phrase does not keep the sentence’s sense.',
  },
  {
    level: 2,
    name: 'Two-word phrases',
    fluent: false,
    says: 'Reads mostly in two-word phrases, with some longer groups and some word-by-word reading; the groups can sound awkward.',
  },
  {
    level: 3,
    name: 'Three- or four-word phrases',
    fluent: true,
    says: 'Reads mostly in three- or four-word phrases that keep the author’s sentences; little expression yet.',
  },
  {
    level: 4,
    name: 'Meaningful phrases',
    fluent: true,
    says: 'Reads in longer, meaningful phrases; slips do not break the story, and some or most of it is read with expression.',
  },
] as const;
export type FluencyLevel = (typeof FLUENCY_SCALE)[number]['level'];
export const FLUENCY_SOURCE =
  'NAEP oral reading fluency scale (National Center for Education Statistics, 2002 Oral Reading Study).';

export const fluencyLevel = (level: number) => FLUENCY_SCALE.find((l) => l.level === level);

export const SEASONS = ['fall', 'winter', 'spring'] as const;
export type Season = (typeof SEASONS)[number];

/** Words correct per minute at the 25th, 50th and 75th percentiles. */
export interface NormBand {
  p25: number;
  p50: number;
  p75: number;
}

/**
 * Hasbrouck, J. & Tindal, G. (2017). An update to compiled ORF norms (Technical Report No. 1702).
 * Eugene, OR: Behavioral Research and Teaching, University of Oregon. Grades 1 to 6; grade 1 has no
 * fall norms. Measured on unpracticed grade-level passages read for one minute.
 */
export const ORF_NORMS: Readonly<Record<number, Partial<Record<Season, NormBand>>>> = {
  1: { winter: { p25: 16, p50: 29, p75: 59 }, spring: { p25: 34, p50: 60, p75: 91 } },
  2: {
    fall: { p25: 36, p50: 50, p75: 84 },
    winter: { p25: 59, p50: 84, p75: 109 },
    spring: { p25: 72, p50: 100, p75: 124 },
  },
  3: {
    fall: { p25: 59, p50: 83, p75: 104 },
    winter: { p25: 79, p50: 97, p75: 137 },
    spring: { p25: 91, p50: 112, p75: 139 },
  },
  4: {
    fall: { p25: 75, p50: 94, p75: 125 },
    winter: { p25: 95, p50: 120, p75: 143 },
    spring: { p25: 105, p50: 133, p75: 160 },
  },
  5: {
    fall: { p25: 87, p50: 121, p75: 153 },
    winter: { p25: 109, p50: 133, p75: 160 },
    spring: { p25: 119, p50: 146, p75: 169 },
  },
  6: {
    fall: { p25: 112, p50: 132, p75: 159 },
    winter: { p25: 116, p50: 145, p75: 166 },
    spring: { p25: 122, p50: 146, p75: 173 },
  },
};
export const NORMS_SOURCE =
  'Hasbrouck & Tindal (2017), An update to compiled ORF norms, Technical Report 1702, University of Oregon.';
export const NORMS_CAVEAT =
  'The norms describe children reading a grade-level passage they have not practised, for one minute. A passage read again, or one easier or harder than the grade’s, gives a different figure: read the chart as a direction, not a test result.';

/**
 * The season of the school year a day falls in, as the norms' three testing windows: fall from
 * August to November, winter from December to February, spring from March to July.
 */
export function seasonOf(day: Date): Season {
  const month = day.getUTCMonth() + 1;
  if (month >= 8 && month <= 11) return 'fall';
  if (month === 12 || month <= 2) return 'winter';
  return 'spring';
}

/** What a child's profile says of their age and school: the grade given (and in which school year). */
export interface GradeFacts {
  schoolGrade?: number | null;
  schoolGradeYear?: number | null;
  birthYear?: number | null;
  ageBand?: string | null;
}

/**
 * A child's school grade on a day: the one the family gave (a grade up each August since), or else an estimate from the birth year
 * (a US school year starts in August, and a child is in grade 1 the school year they are 6 by
 * September) or the middle of the age band. 1 to 6, or null outside the norms' grades.
 */
export function schoolGrade(child: GradeFacts, day: Date): number | null {
  const given = child.schoolGrade;
  if (given !== undefined && given !== null) {
    const year = child.schoolGradeYear;
    return inNorms(
      year === undefined || year === null ? given : gradeIn({ grade: given, schoolYear: year }, day),
    );
  }
  const schoolYear = schoolYearOf(day);
  if (child.birthYear) return inNorms(schoolYear - child.birthYear - 5);
  const youngest = child.ageBand ? Number(child.ageBand.split('-')[0]) : Number.NaN;
  return Number.isFinite(youngest) ? inNorms(youngest + 1 - 5) : null;
}

const inNorms = (grade: number) => (grade >= 1 && grade <= 6 ? grade : null);

/** The norms for a grade and season, or null (grade 1 in the fall, a grade outside 1 to 6). */
export function normsFor(grade: number | null, season: Season): NormBand | null {
  if (grade === null) return null;
  return ORF_NORMS[grade]?.[season] ?? null;
}

/** Where a figure sits against a band, in words a family reads. */
export function normsPlace(wcpm: number, band: NormBand): string {
  if (wcpm >= band.p75) return 'at or above the 75th percentile';
  if (wcpm >= band.p50) return 'between the 50th and 75th percentiles';
  if (wcpm >= band.p25) return 'between the 25th and 50th percentiles';
  return 'below the 25th percentile';
}
