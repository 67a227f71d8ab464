import { describe, expect, it } from 'vitest';
import { planFormSchema } from './admin.schema';
import { centsToMoney, PRICE_MAX_CENTS, parseMoney } from './money';

const cents = (text: string) => {
  const result = parseMoney(text);
  if (!result.ok) throw new Error(result.message);
  return result.cents;
};

describe('parseMoney', () => {
  it.each([
    ['19', 1900],
    ['19.9', 1990],
    ['19.99', 1999],
    ['199.99', 19999],
    ['0.50', 50],
    [' $29.00 ', 2900],
    ['0019.05', 1905],
    ['10000', PRICE_MAX_CENTS],
  ])('reads %j as %i cents, exactly', (text, expected) => {
    expect(cents(text)).toBe(expected);
  });

  it('never goes through a float: amounts that floats get wrong are exact', () => {
    // 1.15 * 100 is 114.99999999999999 and 4.35 * 100 is 434.99999999999994 in floating point.
    expect(cents('1.15')).toBe(115);
    expect(cents('4.35')).toBe(435);
    expect(cents('8.20')).toBe(820);
  });

  it.each([
    ['19.999', /two decimals/],
    ['-1', /negative/],
    ['abc', /dollars and cents/],
    ['1e3', /dollars and cents/],
    ['', /Enter a price/],
    ['19,99', /dollars and cents/],
    ['19.', /dollars and cents/],
    ['.5', /dollars and cents/],
    ['Infinity', /dollars and cents/],
    ['0x10', /dollars and cents/],
    ['10000.01', /at most \$?10000\.00/],
    ['99999999999999999999', /at most/],
    ['0.49', /at least 0\.50/],
    ['0', /at least/],
  ])('refuses %j with a message', (text, message) => {
    const result = parseMoney(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('centsToMoney', () => {
  it('writes cents back as the form shows them', () => {
    expect(centsToMoney(19999)).toBe('199.99');
    expect(centsToMoney(2900)).toBe('29.00');
    expect(centsToMoney(5)).toBe('0.05');
  });
  it('round-trips with parseMoney', () => {
    for (const value of [50, 99, 1999, 19999, 123456, PRICE_MAX_CENTS])
      expect(cents(centsToMoney(value))).toBe(value);
  });
  it('refuses what is not whole cents', () => {
    expect(() => centsToMoney(19.99)).toThrow(RangeError);
    expect(() => centsToMoney(-1)).toThrow(RangeError);
  });
});

describe('the plan form', () => {
  const good = {
    name: 'Summer',
    duration: '1.25',
    price: '199.99',
    description: 'Five weeks.',
    startsOn: '',
    billing: 'once' as const,
    active: true,
  };

  it('turns the typed price and duration into the API numbers', () => {
    expect(planFormSchema.parse(good)).toEqual({
      name: 'Summer',
      durationMonths: 1.25,
      priceCents: 19999,
      description: 'Five weeks.',
      startsOn: null,
      billing: 'once',
      active: true,
    });
  });

  it('takes a season’s first day as typed by the date field, or none when empty', () => {
    expect(planFormSchema.parse({ ...good, startsOn: '2027-06-14' }).startsOn).toBe('2027-06-14');
    const bad = planFormSchema.safeParse({ ...good, startsOn: '2027-13-01' });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['startsOn']);
  });

  it.each(['19.999', '-1', 'abc', '1e3'])(
    'puts the refusal of the price %j on the field `price`',
    (price) => {
      const result = planFormSchema.safeParse({ ...good, price });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['price']);
    },
  );

  it.each(['0', '1.255', 'abc', '61', '-1'])(
    'refuses the duration %j on the field `duration`',
    (duration) => {
      const result = planFormSchema.safeParse({ ...good, duration });
      expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['duration']);
    },
  );
});
