import { describe, expect, it } from 'vitest';
import { canDeletePost, canEditPost, canSubmitPost, MY_BLOG_STATUS, parseLinkAddress } from './myBlogs';

describe('what a family may do with its post', () => {
  it('edits until the post is approved, deletes only drafts and returned posts', () => {
    expect(['draft', 'submitted', 'rejected'].every((s) => canEditPost(s as never))).toBe(true);
    expect(canEditPost('approved')).toBe(false);
    expect(canDeletePost('draft')).toBe(true);
    expect(canDeletePost('rejected')).toBe(true);
    expect(canDeletePost('submitted')).toBe(false);
    expect(canDeletePost('approved')).toBe(false);
    expect(canSubmitPost('draft')).toBe(true);
    expect(canSubmitPost('submitted')).toBe(false);
  });

  it('names every status in words a family understands', () => {
    expect(MY_BLOG_STATUS.submitted.label).toBe('Waiting for review');
    expect(MY_BLOG_STATUS.rejected.label).toBe('Needs changes');
  });
});

describe('parseLinkAddress', () => {
  it('keeps full https addresses', () => {
    expect(parseLinkAddress(' https://www.example.org/books?x=1 ')).toBe('https://www.example.org/books?x=1');
  });
  it('refuses other schemes, partial addresses and nonsense', () => {
    for (const bad of [
      'http://example.org',
      'javascript:alert(1)',
      'example.org',
      'https://',
      'https://localhost',
      '',
    ]) {
      expect(parseLinkAddress(bad)).toBeUndefined();
    }
  });
});
