import { describe, expect, it } from 'vitest';
import { activeChild, parseUserData } from './user';

describe('parseUserData', () => {
  it('accepts the login/register data shape', () => {
    const user = {
      id: 'u1',
      email: 'a@b.c',
      role: 'parent',
      children: [{ _id: 'c1', name: 'Ava', notifications: [] }],
    };
    expect(parseUserData(user)).toEqual(user);
  });

  it('refuses data without a children list or with a broken child', () => {
    expect(parseUserData({})).toBeUndefined();
    expect(parseUserData({ children: [{ name: 'no id' }] })).toBeUndefined();
    expect(parseUserData({ children: [{ _id: 'c1', name: 7 }] })).toBeUndefined();
    expect(parseUserData({ role: 'owner', children: [] })).toBeUndefined();
    expect(parseUserData('user')).toBeUndefined();
  });

  it('drops fields it does not know', () => {
    expect(parseUserData({ children: [], token: 'secret' })).toEqual({ children: [] });
  });
});

describe('activeChild', () => {
  const user = {
    children: [
      { _id: 'a', name: 'Ava' },
      { _id: 'b', name: 'Ben' },
    ],
  };
  it('picks the child at the index, or the first when the index is out of range', () => {
    expect(activeChild(user, 1)?._id).toBe('b');
    expect(activeChild(user, 5)?._id).toBe('a');
    expect(activeChild({ children: [] }, 0)).toBeUndefined();
    expect(activeChild(null, 0)).toBeUndefined();
  });
});
