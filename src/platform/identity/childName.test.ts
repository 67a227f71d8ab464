import { describe, expect, it } from 'vitest';
import { navbarChildLabel } from './childName';

describe('navbarChildLabel', () => {
  it('falls back to "Profile" without a usable name', () => {
    expect(navbarChildLabel(undefined)).toBe('Profile');
    expect(navbarChildLabel(null)).toBe('Profile');
    expect(navbarChildLabel('')).toBe('Profile');
    expect(navbarChildLabel('   \t\n ')).toBe('Profile');
  });

  it('keeps a short single word as it is', () => {
    expect(navbarChildLabel('Ava')).toBe('Ava');
    expect(navbarChildLabel('Oliviaa')).toBe('Oliviaa');
  });

  it('takes the first word only', () => {
    expect(navbarChildLabel('Maximilian Junior')).toBe('Maximil');
    expect(navbarChildLabel('Mia Rose Carter')).toBe('Mia');
  });

  it('cuts a long first word to 7 characters', () => {
    expect(navbarChildLabel('Bartholomew')).toBe('Barthol');
    expect(navbarChildLabel('Christopher Robin')).toBe('Christo');
  });

  it('ignores extra spaces around and between words', () => {
    expect(navbarChildLabel('   Noah    James  ')).toBe('Noah');
    expect(navbarChildLabel('\u00a0Zoë\u00a0Lee')).toBe('Zoë');
  });

  it('keeps hyphens and apostrophes inside a word', () => {
    expect(navbarChildLabel('Anne-Marie Dubois')).toBe('Anne-Ma');
    expect(navbarChildLabel("O'Connor")).toBe("O'Conno");
  });

  it('handles non-Latin names by character, not by byte or code unit', () => {
    expect(navbarChildLabel('Александра Петрова')).toBe('Алексан');
    expect(navbarChildLabel('さくら 山田')).toBe('さくら');
    expect(navbarChildLabel('محمد علي')).toBe('محمد');
    // 'Khánh-Linh' with its accent as a separate combining mark: the accent stays with its letter.
    expect(navbarChildLabel('Kha\u0301nh-Linh')).toBe('Kha\u0301nh-L');
    // Seven user-perceived characters, even when each is several code points.
    expect(navbarChildLabel('👩🏽‍🚀👩🏽‍🚀👩🏽‍🚀👩🏽‍🚀👩🏽‍🚀👩🏽‍🚀👩🏽‍🚀👩🏽‍🚀')).toBe('👩🏽‍🚀'.repeat(7));
    expect(navbarChildLabel('𝒜𝒷𝒸𝒹𝑒𝒻𝑔𝒽')).toBe('𝒜𝒷𝒸𝒹𝑒𝒻𝑔');
  });
});
