import { describe, expect, it } from 'vitest';
import { preferredLocale } from './locale';

describe('preferredLocale', () => {
  it('takes the visitor’s first choice by weight', () => {
    expect(preferredLocale('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr-CA');
    expect(preferredLocale('en;q=0.5, de-DE;q=0.9')).toBe('de-DE');
  });

  it('falls back for a missing, wildcard or broken header', () => {
    expect(preferredLocale(null)).toBe('en-US');
    expect(preferredLocale('*')).toBe('en-US');
    expect(preferredLocale('not a tag!!, ;;;')).toBe('en-US');
  });
});
