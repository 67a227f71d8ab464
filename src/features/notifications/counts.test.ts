import { describe, expect, it } from 'vitest';
import { countFor, incrementCount, newNotificationCountEntry, setCount } from './counts';

describe('notification counts', () => {
  it('defaults an entry to an empty userId and a count of 0', () => {
    expect(newNotificationCountEntry()).toEqual({ userId: '', notificationCount: 0 });
  });

  it('adds an entry when the user has none', () => {
    const entries = setCount([], 'u1', 3);
    expect(entries).toEqual([{ userId: 'u1', notificationCount: 3 }]);
  });

  it('replaces the entry of a user who has one, keeping the others and their order', () => {
    const start = [
      { userId: 'u1', notificationCount: 3 },
      { userId: 'u2', notificationCount: 5 },
    ];
    const entries = setCount(start, 'u1', 0);
    expect(entries).toEqual([
      { userId: 'u1', notificationCount: 0 },
      { userId: 'u2', notificationCount: 5 },
    ]);
    expect(start[0]?.notificationCount).toBe(3);
  });

  it('increments an existing count by one', () => {
    expect(incrementCount([{ userId: 'u1', notificationCount: 2 }], 'u1')).toEqual([
      { userId: 'u1', notificationCount: 3 },
    ]);
  });

  it('starts a new entry at 1 when incrementing a user with no entry', () => {
    expect(incrementCount([{ userId: 'u1', notificationCount: 2 }], 'u2')).toEqual([
      { userId: 'u1', notificationCount: 2 },
      { userId: 'u2', notificationCount: 1 },
    ]);
  });

  it('reads a count, 0 for a user with no entry', () => {
    const entries = [{ userId: 'u1', notificationCount: 4 }];
    expect(countFor(entries, 'u1')).toBe(4);
    expect(countFor(entries, 'nobody')).toBe(0);
  });
});
