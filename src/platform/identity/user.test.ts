import { describe, expect, it } from 'vitest';
import { activeChild, parseUserData, storedActiveChildId } from './user';

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

describe('storedActiveChildId (read before the stores, by the head of a signed-in page)', () => {
  const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });
  const user = JSON.stringify({
    children: [
      { _id: 'c1', name: 'Maya' },
      { _id: 'c2', name: 'Theo' },
    ],
  });

  it('is the child at the kept position, or the first when the position is out of range or missing', () => {
    expect(storedActiveChildId(storage({ 'qr:userData': user, 'qr:activeChild': '1' }))).toBe('c2');
    expect(storedActiveChildId(storage({ 'qr:userData': user, 'qr:activeChild': '7' }))).toBe('c1');
    expect(storedActiveChildId(storage({ 'qr:userData': user }))).toBe('c1');
  });

  it('is nothing without children or with storage that does not read', () => {
    expect(storedActiveChildId(storage({}))).toBeUndefined();
    expect(storedActiveChildId(storage({ 'qr:userData': '{broken' }))).toBeUndefined();
    expect(storedActiveChildId(storage({ 'qr:userData': JSON.stringify({ children: [] }) }))).toBeUndefined();
  });
});
