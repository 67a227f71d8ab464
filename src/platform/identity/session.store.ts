import { computed } from 'nanostores';
import { ROLES, type Role, type Session } from '~/platform/access';
import { clearFamilyState, jsonDecoder, persistentAtom } from '~/platform/client/persistent';
import { SESSION_HINT_KEY } from '~/platform/client/storageKeys';
import { navbarChildLabel } from './childName';
import {
  ACTIVE_CHILD_KEY,
  activeChild,
  parseActiveIndex,
  parseUserData,
  USER_DATA_KEY,
  type UserData,
} from './user';

function parseSessionHint(data: unknown): Session | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { status, uid, role } = data as Record<string, unknown>;
  if (status === 'signed-out') return { status };
  if (status !== 'signed-in' || typeof uid !== 'string' || uid.length === 0 || uid.length > 128)
    return undefined;
  if (!ROLES.includes(role as Role)) return undefined;
  return { status, uid, role: role as Role };
}

/**
 * Who is signed in. It is kept on the device as a hint so the first paint of a page
 * can show the right navigation; the server checks identity on every request.
 */
export const $session = persistentAtom<Session>(
  SESSION_HINT_KEY,
  { status: 'unknown' },
  { storage: 'local', decode: jsonDecoder(parseSessionHint) },
);

/**
 * The signed-in user's data; null when signed out. The device keeps only what the first paint
 * needs (the account id, the role and each child's id and name; no email, no notifications) until
 * sign-out. The profile's copy of the whole answer is kept apart (dataCopies.ts).
 */
export const $userData = persistentAtom<UserData | null>(USER_DATA_KEY, null, {
  storage: 'local',
  clearedAtSignOut: true,
  decode: jsonDecoder(parseUserData),
  encode: (user) =>
    JSON.stringify({
      // The account id keys the notification count the navbar shows on public pages.
      ...(user?.id ? { id: user.id } : {}),
      ...(user?.role ? { role: user.role } : {}),
      children: user?.children.map(({ _id, name }) => ({ _id, name })) ?? [],
    }),
});

/** Which child is active, by position in userData.children. */
export const $index = persistentAtom<number>(ACTIVE_CHILD_KEY, 0, {
  storage: 'local',
  clearedAtSignOut: true,
  decode: parseActiveIndex,
  encode: String,
});

export const $activeChild = computed([$userData, $index], (user, index) => activeChild(user, index));

/** The navigation bar's label for the signed-in family (the spec's 7-character rule). */
export const $navbarLabel = computed($activeChild, (child) => navbarChildLabel(child?.name));

/** Someone is signed in; what the device kept for another account (signed in before) is forgotten first. */
export function signedIn(uid: string, role: Role) {
  const before = $session.get();
  if (before.status === 'signed-in' && before.uid !== uid) clearFamilyState();
  $session.set({ status: 'signed-in', uid, role });
}

/** Becoming signed out clears the user data (spec section 4). */
/**
 * Nobody is signed in. When somebody was (they signed out, here or in another tab, or their sign-in
 * ended), everything the device kept about their family goes too: the children, the active child,
 * the program they chose. A visitor who never signed in keeps the program they are about to buy.
 */
export function signedOut() {
  const wasSignedIn = $session.get().status === 'signed-in';
  $session.set({ status: 'signed-out' });
  $userData.set(null);
  $index.set(0);
  if (wasSignedIn) clearFamilyState();
}

export function setUserData(user: UserData | null) {
  $userData.set(user);
}

export function setActiveChild(index: number) {
  const count = $userData.get()?.children.length ?? 0;
  if (Number.isInteger(index) && index >= 0 && index < count) $index.set(index);
}

let refresher: (() => Promise<void>) | undefined;

/** The family feature's login/register call, which fills userData; set when its store loads. */
export function setUserDataRefresher(refresh: () => Promise<void>) {
  refresher = refresh;
}

/**
 * Asks the server for userData again (after logging reading, registering for an event, paying):
 * the child cards and the navbar show what changed. Pages that follow the sign-in load the family
 * store, which answers the call; anywhere else there is nothing to refresh.
 */
export async function refreshUserData(): Promise<void> {
  await refresher?.();
}
