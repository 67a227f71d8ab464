import { describe, expect, it } from 'vitest';
import { FLUENCY_SCALE, normsFor, normsPlace, ORF_NORMS, schoolGrade, seasonOf } from './fluency';

describe('the oral reading fluency norms (Hasbrouck & Tindal 2017)', () => {
  it('holds grades 1 to 6, each band rising with the percentile and grade 1 without fall', () => {
    expect(Object.keys(ORF_NORMS)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(ORF_NORMS[1]?.fall).toBeUndefined();
    for (const seasons of Object.values(ORF_NORMS))
      for (const band of Object.values(seasons))
        expect(band.p25 < band.p50 && band.p50 < band.p75).toBe(true);
  });

  it('looks up the published figures', () => {
    expect(normsFor(2, 'winter')).toEqual({ p25: 59, p50: 84, p75: 109 });
    expect(normsFor(3, 'spring')).toEqual({ p25: 91, p50: 112, p75: 139 });
    expect(normsFor(1, 'fall')).toBeNull();
    expect(normsFor(null, 'fall')).toBeNull();
  });

  it('places a figure against its band', () => {
    const band = { p25: 59, p50: 84, p75: 109 };
    expect(normsPlace(110, band)).toBe('at or above the 75th percentile');
    expect(normsPlace(84, band)).toBe('between the 50th and 75th percentiles');
    expect(normsPlace(60, band)).toBe('between the 25th and 50th percentiles');
    expect(normsPlace(58, band)).toBe('below the 25th percentile');
  });

  it('reads the season from the month: fall Aug–Nov, winter Dec–Feb, spring Mar–Jul', () => {
    expect(seasonOf(new Date('2026-09-15T00:00:00Z'))).toBe('fall');
    expect(seasonOf(new Date('2026-12-04T00:00:00Z'))).toBe('winter');
    expect(seasonOf(new Date('2027-02-28T00:00:00Z'))).toBe('winter');
    expect(seasonOf(new Date('2027-05-01T00:00:00Z'))).toBe('spring');
  });

  it('estimates the school grade from the birth year or the age band; a given grade wins', () => {
    const december = new Date('2026-12-04T00:00:00Z');
    // Born 2019: 7 in the school year that began in August 2026, grade 2.
    expect(schoolGrade({ birthYear: 2019 }, december)).toBe(2);
    expect(schoolGrade({ birthYear: 2019 }, new Date('2027-06-01T00:00:00Z'))).toBe(2);
    expect(schoolGrade({ birthYear: 2019 }, new Date('2027-08-20T00:00:00Z'))).toBe(3);
    expect(schoolGrade({ ageBand: '6-8' }, december)).toBe(2);
    expect(schoolGrade({ ageBand: '4-6' }, december)).toBeNull();
    expect(schoolGrade({ schoolGrade: 4, birthYear: 2019 }, december)).toBe(4);
    // Given as grade 1 in the school year 2025: grade 2 since August 2026, grade 3 from August 2027.
    const given = { schoolGrade: 1, schoolGradeYear: 2025, birthYear: 2015 };
    expect(schoolGrade(given, december)).toBe(2);
    expect(schoolGrade(given, new Date('2027-09-01T00:00:00Z'))).toBe(3);
    expect(schoolGrade({ schoolGrade: 0, schoolGradeYear: 2026 }, december)).toBeNull();
  });

  it('rates fluency on NAEP’s four levels, 3 and 4 fluent', () => {
    expect(FLUENCY_SCALE.map((l) => [l.level, l.fluent])).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [4, true],
    ]);
  });
});
