import { ROLES, type Role } from '~/platform/access';

/** Where the device keeps the user's data and the active child's position (session.store.ts). */
export const USER_DATA_KEY = 'qr:userData';
export const ACTIVE_CHILD_KEY = 'qr:activeChild';

/** A child profile as the browser knows it (the spec: _id, name, notification list). */
export interface Child {
  _id: string;
  name: string;
  notifications?: unknown[];
  /** Present when the data comes from the API; the device's cache keeps only _id and name. */
  readingLevel?: string;
  /** Minutes read this week (Monday to Sunday) and days in a row with reading; from the API too. */
  readingThisWeek?: number;
  streakDays?: number;
}

/** The signed-in user's data as the login/register call returns it. */
export interface UserData {
  id?: string;
  email?: string;
  displayName?: string;
  role?: Role;
  children: Child[];
}

function parseChild(data: unknown): Child | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { _id, name, notifications } = data as Record<string, unknown>;
  if (typeof _id !== 'string' || _id.length === 0 || _id.length > 64) return undefined;
  if (typeof name !== 'string' || name.length > 120) return undefined;
  if (notifications !== undefined && !Array.isArray(notifications)) return undefined;
  return notifications === undefined ? { _id, name } : { _id, name, notifications };
}

/**
 * Checks user data read back from the device's cache. Hand-written rather than a schema
 * library so the navigation bar, on every public page, stays small.
 */
export function parseUserData(data: unknown): UserData | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { id, email, role, children } = data as Record<string, unknown>;
  if (!Array.isArray(children) || children.length > 50) return undefined;
  const parsed = children.map(parseChild);
  if (parsed.some((c) => c === undefined)) return undefined;
  if (id !== undefined && typeof id !== 'string') return undefined;
  if (email !== undefined && typeof email !== 'string') return undefined;
  if (role !== undefined && !ROLES.includes(role as Role)) return undefined;
  const user: UserData = { children: parsed as Child[] };
  if (typeof id === 'string') user.id = id;
  if (typeof email === 'string') user.email = email;
  if (role !== undefined) user.role = role as Role;
  return user;
}

/** The active child's position as the device keeps it (a small whole number), or undefined. */
export function parseActiveIndex(raw: string): number | undefined {
  return /^\d{1,2}$/.test(raw) && Number(raw) < 50 ? Number(raw) : undefined;
}

/**
 * The active child's id as the device keeps it, read straight from storage by a script that runs
 * before the stores (earlySession.ts), by the same rules as $activeChild.
 */
export function storedActiveChildId(storage: Pick<Storage, 'getItem'>): string | undefined {
  try {
    const user = parseUserData(JSON.parse(storage.getItem(USER_DATA_KEY) ?? 'null'));
    const index = parseActiveIndex(storage.getItem(ACTIVE_CHILD_KEY) ?? '0') ?? 0;
    return activeChild(user ?? null, index)?._id;
  } catch {
    return undefined;
  }
}

/** The active child: the one at the shared index, or the first child when the index is out of range. */
export function activeChild(user: UserData | null, index: number): Child | undefined {
  if (!user || user.children.length === 0) return undefined;
  return user.children[index] ?? user.children[0];
}
