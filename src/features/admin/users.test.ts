import { describe, expect, it } from 'vitest';
import { ageText, postLink, statusWords } from './users';

describe('the accounts section of the console', () => {
  it('says a child’s age from the band first, then the birth year', () => {
    expect(ageText({ ageBand: '8-10', birthYear: 2016 })).toBe('Ages 8–10');
    expect(ageText({ ageBand: null, birthYear: 2016 })).toBe('Born 2016');
    expect(ageText({ ageBand: null, birthYear: null })).toBe('Not given');
  });

  it('links a post to where the team reads it, and drafts nowhere', () => {
    expect(postLink({ id: 'p', status: 'approved' })).toEqual({
      href: '/blogs/p',
      label: 'Read on the site',
    });
    expect(postLink({ id: 'p', status: 'submitted' })?.href).toBe('/admin/unapprovedblogs/p');
    expect(postLink({ id: 'p', status: 'rejected' })?.href).toBe('/admin/unapprovedblogs/p');
    expect(postLink({ id: 'p', status: 'draft' })).toBeNull();
  });

  it('words every status, and shows an unknown one as it is', () => {
    expect(statusWords('paid')).toEqual({ label: 'Paid', tone: 'good' });
    expect(statusWords('in_progress').label).toBe('In progress');
    expect(statusWords('mystery')).toEqual({ label: 'mystery', tone: undefined });
  });
});
