/**
 * ISBNs as people type them: "0-14-240387-8", "978 0 14 240387 7", "014240387x". One rule set,
 * shared by the admin form and the API, so the page and the server agree on every answer.
 */

type IsbnCheck =
  | { ok: true; isbn13: string }
  | { ok: false; reason: 'characters' | 'length' | 'check-digit' };

/** The digits (and a final X) of an ISBN, with hyphens and spaces removed and x made X. */
export function compactIsbn(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** True when the ten characters of an ISBN-10 add up: weights 10 down to 1, X standing for 10. */
export function validIsbn10(isbn: string): boolean {
  if (!/^\d{9}[\dX]$/.test(isbn)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const c = isbn[i] as string;
    sum += (10 - i) * (c === 'X' ? 10 : Number(c));
  }
  return sum % 11 === 0;
}

/** True when the thirteen digits of an ISBN-13 add up: weights alternate 1 and 3. */
export function validIsbn13(isbn: string): boolean {
  if (!/^\d{13}$/.test(isbn)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(isbn[i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/** The ISBN-13 of a valid ISBN-10: 978, its first nine digits and a new check digit. */
export function isbn10To13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * Checks an ISBN-10 or ISBN-13 and answers it as the ISBN-13 the catalogue stores: one form per
 * book, so the same book typed once as ISBN-10 and once as ISBN-13 is caught as a duplicate.
 */
export function checkIsbn(input: string): IsbnCheck {
  const isbn = compactIsbn(input);
  if (!/^[\dX]*$/.test(isbn) || isbn.slice(0, -1).includes('X')) return { ok: false, reason: 'characters' };
  if (isbn.length === 10) return validIsbn10(isbn) ? { ok: true, isbn13: isbn10To13(isbn) } : bad();
  if (isbn.length === 13) return validIsbn13(isbn) ? { ok: true, isbn13: isbn } : bad();
  return { ok: false, reason: 'length' };
}
const bad = (): IsbnCheck => ({ ok: false, reason: 'check-digit' });

export const ISBN_MESSAGES: Record<Exclude<IsbnCheck, { ok: true }>['reason'], string> = {
  characters: 'An ISBN has only digits, hyphens or spaces (an ISBN-10 may end in X).',
  length: 'An ISBN has 10 or 13 digits.',
  'check-digit': 'This ISBN’s check digit is wrong: look for a mistyped digit.',
};
