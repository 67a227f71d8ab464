/**
 * Money typed by a person ("199.99") turned into whole cents with string arithmetic only: a float
 * never holds an amount, so 19.99 is 1999 cents, never 1998.9999999999998.
 */

/** The most a plan may cost: $10,000.00. A typo of extra digits is caught, a real price is not. */
export const PRICE_MAX_CENTS = 1_000_000;
/** The smallest amount a card payment can carry ($0.50 at the payment provider). */
export const PRICE_MIN_CENTS = 50;

type MoneyResult = { ok: true; cents: number } | { ok: false; message: string };

const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Parses "19", "19.9", "19.99" (an optional "$" and spaces around are fine) into cents. */
export function parseMoney(input: string): MoneyResult {
  const text = input.trim().replace(/^\$\s*/, '');
  if (text === '') return { ok: false, message: 'Enter a price, like 19.99.' };
  if (text.startsWith('-')) return { ok: false, message: 'A price cannot be negative.' };
  if (/^\d+\.\d{3,}$/.test(text))
    return { ok: false, message: 'Prices have at most two decimals (whole cents), like 19.99.' };
  const match = AMOUNT.exec(text);
  if (!match) return { ok: false, message: 'Enter the price as a number of dollars and cents, like 19.99.' };
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  // Long strings of digits would lose precision as numbers: they are over the limit anyway.
  if (whole.length > 7) return { ok: false, message: tooHigh() };
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(fraction);
  if (cents > PRICE_MAX_CENTS) return { ok: false, message: tooHigh() };
  if (cents < PRICE_MIN_CENTS)
    return {
      ok: false,
      message: `A plan costs at least ${centsToMoney(PRICE_MIN_CENTS)}, the smallest card payment.`,
    };
  return { ok: true, cents };
}

const tooHigh = () => `A plan costs at most ${centsToMoney(PRICE_MAX_CENTS)}.`;

/** Whole cents written back as the form shows them: 19999 → "199.99", 2900 → "29.00". */
export function centsToMoney(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError('cents must be a whole, non-negative number');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
