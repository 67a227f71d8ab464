// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { isScrollLocked, lockScroll, reapplyScrollLock, unlockScroll } from './scrollLock';

const html = () => document.documentElement;

afterEach(() => {
  unlockScroll();
  html().removeAttribute('style');
});

describe('scroll lock', () => {
  it('hides overflow while locked and restores an element with no style attribute exactly', () => {
    lockScroll();
    expect(html().style.overflow).toBe('hidden');
    expect(isScrollLocked()).toBe(true);
    unlockScroll();
    expect(html().hasAttribute('style')).toBe(false);
    expect(isScrollLocked()).toBe(false);
  });

  it('restores a value that was there before', () => {
    html().style.overflow = 'scroll';
    lockScroll();
    unlockScroll();
    expect(html().style.overflow).toBe('scroll');
  });

  it('is idempotent: locking twice and unlocking once restores the original value', () => {
    html().style.overflow = 'auto';
    lockScroll();
    lockScroll();
    unlockScroll();
    expect(html().style.overflow).toBe('auto');
    unlockScroll();
    expect(html().style.overflow).toBe('auto');
  });

  it('puts the lock back after a page change replaced the attributes', () => {
    lockScroll();
    html().removeAttribute('style');
    reapplyScrollLock();
    expect(html().style.overflow).toBe('hidden');
  });
});
