import { describe, expect, it } from 'vitest';
import { checkIsbn, compactIsbn, isbn10To13, validIsbn10, validIsbn13 } from './isbn';

describe('compactIsbn', () => {
  it.each([
    [' 0-8044-2957-x ', '080442957X'],
    ['978 0 14 240387 7', '9780142403877'],
  ])('drops hyphens and spaces and makes x upper case: %j is %j', (typed, compact) => {
    expect(compactIsbn(typed)).toBe(compact);
  });
});

/** What a validator accepts and what it refuses, each a description and the ISBNs that show it. */
type Verdicts = [description: string, isbns: readonly string[]];

function describeValidator(valid: (isbn: string) => boolean, accepts: Verdicts, refuses: Verdicts) {
  describe(valid.name, () => {
    it(`accepts ${accepts[0]}`, () => {
      for (const isbn of accepts[1]) expect(valid(isbn), isbn).toBe(true);
    });
    it(`refuses ${refuses[0]}`, () => {
      for (const isbn of refuses[1]) expect(valid(isbn), isbn).toBe(false);
    });
  });
}

describeValidator(
  validIsbn10,
  ['correct check digits, X standing for ten', ['0142403873', '080442957X', '0306406152']],
  ['a wrong check digit, a misplaced X and other lengths', ['0142403874', '08044295X7', '014240387']],
);
describeValidator(
  validIsbn13,
  ['correct check digits', ['9780142403877', '9780306406157', '9791090636071']],
  ['a wrong check digit, swapped digits and letters', ['9780142403878', '9780142043877', '978014240387X']],
);

describe('isbn10To13', () => {
  it('prefixes 978 and computes the new check digit', () => {
    expect(['0142403873', '080442957X', '0306406152'].map(isbn10To13)).toEqual([
      '9780142403877',
      '9780804429573',
      '9780306406157',
    ]);
  });
});

describe('checkIsbn', () => {
  it.each([
    ['0-14-240387-3', '9780142403877'],
    ['978-0-14-240387-7', '9780142403877'],
    ['0 8044 2957 x', '9780804429573'],
  ])('answers the ISBN-13 of a valid ISBN-10 or ISBN-13, however it was typed: %j', (typed, isbn13) => {
    expect(checkIsbn(typed)).toEqual({ ok: true, isbn13 });
  });
  it.each([
    ['978-0-14-240387-8', 'check-digit'],
    ['0-14-240387-4', 'check-digit'],
    ['97801424038', 'length'],
    ['ISBN 9780142403877', 'characters'],
    ['97801424X3877', 'characters'],
    ['978.0142403877', 'characters'],
  ])('names what is wrong with %j: %s', (typed, reason) => {
    expect(checkIsbn(typed)).toEqual({ ok: false, reason });
  });
});
