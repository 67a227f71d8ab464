import { describe, expect, it } from 'vitest';
import { localDay } from '~/platform/days';
import { deviceDay, firstDataPath } from './earlyRequests';

const id = '0b5a3d4e-7c1f-4a2b-9e8d-1234567890ab';
const plan = '9f8e7d6c-5b4a-4321-8fed-cba987654321';

describe('the first data a signed-in page asks for from its head', () => {
  it('is the address its island asks for, query in the same order', () => {
    expect(firstDataPath(`/reading-plan/${id}`, '', '2026-12-05', undefined)).toBe(
      `/api/children/${id}/plan?today=2026-12-05`,
    );
    expect(firstDataPath(`/reading-plan/${id}`, `?plan=${plan}`, '2026-12-05', undefined)).toBe(
      `/api/children/${id}/plan?today=2026-12-05&plan=${plan}`,
    );
    expect(firstDataPath(`/book-history/${id}/`, '', '2026-12-05', undefined)).toBe(
      `/api/children/${id}/reading?today=2026-12-05`,
    );
    expect(firstDataPath(`/reading-wall/${id}`, '', '2026-12-05', undefined)).toBe(
      `/api/children/${id}/wall`,
    );
    expect(firstDataPath('/notification', '', '2026-12-05', id)).toBe(`/api/children/${id}/notifications`);
  });

  it('is nothing for other pages, malformed ids or a plan that is not an id', () => {
    expect(firstDataPath('/profile', '', '2026-12-05', id)).toBeNull();
    expect(firstDataPath('/notification', '', '2026-12-05', undefined)).toBeNull();
    expect(firstDataPath('/reading-plan/not-an-id', '', '2026-12-05', undefined)).toBeNull();
    expect(firstDataPath(`/reading-plan/${id}/x`, '', '2026-12-05', undefined)).toBeNull();
    expect(firstDataPath(`/reading-plan/${id}`, '?plan=..%2Fadmin', '2026-12-05', undefined)).toBe(
      `/api/children/${id}/plan?today=2026-12-05`,
    );
  });

  it('writes today as the islands do', () => {
    for (const date of [new Date(2026, 0, 1, 0, 0), new Date(2026, 11, 31, 23, 59), new Date()])
      expect(deviceDay(date)).toBe(localDay(date));
  });
});
