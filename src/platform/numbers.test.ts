import { describe, expect, it } from 'vitest';
import { groupDigits } from './numbers';

describe('groupDigits', () => {
  it('writes whole numbers as US English does', () => {
    for (const n of [
      0,
      7,
      99,
      999,
      1000,
      1440,
      12_345,
      999_999,
      1_000_000,
      20_000,
      -1,
      -1234,
      -1_000_000,
      2 ** 52,
    ])
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves what is not a whole number as String writes it', () => {
    expect(groupDigits(1.5)).toBe('1.5');
    expect(groupDigits(Number.NaN)).toBe('NaN');
  });
});
