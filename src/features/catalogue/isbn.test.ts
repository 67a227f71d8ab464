import { describe, expect, it } from 'vitest';
import { checkIsbn, compactIsbn, isbn10To13, validIsbn10, validIsbn13 } from './isbn';

describe('compactIsbn', () => {
  it('drops hyphens and spaces and makes x upper case', () => {
    expect(compactIsbn(' 0-8044-2957-x ')).toBe('080442957X');
    expect(compactIsbn('978 0 14 240387 7')).toBe('9780142403877');
  });
});

describe('validIsbn10', () => {
  it('accepts correct check digits, X standing for ten', () => {
    expect(validIsbn10('0142403873')).toBe(true);
    expect(validIsbn10('080442957X')).toBe(true);
    expect(validIsbn10('0306406152')).toBe(true);
  });
  it('refuses a wrong check digit, a misplaced X and other lengths', () => {
    expect(validIsbn10('0142403874')).toBe(false);
    expect(validIsbn10('08044295X7')).toBe(false);
    expect(validIsbn10('014240387')).toBe(false);
  });
});

describe('validIsbn13', () => {
  it('accepts correct check digits', () => {
    expect(validIsbn13('9780142403877')).toBe(true);
    expect(validIsbn13('9780306406157')).toBe(true);
    expect(validIsbn13('9791090636071')).toBe(true);
  });
  it('refuses a wrong check digit, swapped digits and letters', () => {
    expect(validIsbn13('9780142403878')).toBe(false);
    expect(validIsbn13('9780142043877')).toBe(false);
    expect(validIsbn13('978014240387X')).toBe(false);
  });
});

describe('isbn10To13', () => {
  it('prefixes 978 and computes the new check digit', () => {
    expect(isbn10To13('0142403873')).toBe('9780142403877');
    expect(isbn10To13('080442957X')).toBe('9780804429573');
    expect(isbn10To13('0306406152')).toBe('9780306406157');
  });
});

describe('checkIsbn', () => {
  it('answers the ISBN-13 of a valid ISBN-10 or ISBN-13, however it was typed', () => {
    expect(checkIsbn('0-14-240387-3')).toEqual({ ok: true, isbn13: '9780142403877' });
    expect(checkIsbn('978-0-14-240387-7')).toEqual({ ok: true, isbn13: '9780142403877' });
    expect(checkIsbn('0 8044 2957 x')).toEqual({ ok: true, isbn13: '9780804429573' });
  });
  it('names what is wrong', () => {
    expect(checkIsbn('978-0-14-240387-8')).toEqual({ ok: false, reason: 'check-digit' });
    expect(checkIsbn('0-14-240387-4')).toEqual({ ok: false, reason: 'check-digit' });
    expect(checkIsbn('97801424038')).toEqual({ ok: false, reason: 'length' });
    expect(checkIsbn('ISBN 9780142403877')).toEqual({ ok: false, reason: 'characters' });
    expect(checkIsbn('97801424X3877')).toEqual({ ok: false, reason: 'characters' });
    expect(checkIsbn('978.0142403877')).toEqual({ ok: false, reason: 'characters' });
  });
});
