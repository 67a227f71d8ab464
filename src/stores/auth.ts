import { $session } from './session';

/**
 * Settles the session once per page: the sign-in hint kept on this device is used as it is,
 * and a device with no hint is signed out. The identity service (Firebase, next issue)
 * replaces this with its own answer; the rest of the app only reads $session.
 */
export function resolveSession(): void {
  if ($session.get().status === 'unknown') $session.set({ status: 'signed-out' });
}
