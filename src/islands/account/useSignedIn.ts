import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { startAuth } from '~/features/family/family.store';
import { $session } from '~/platform/identity/session.store';

/**
 * Whether the device remembers the visitor as signed in, for the public pages that serve both. The
 * identity service is loaded for those visitors only: the others never download it.
 */
export function useSignedIn(): boolean {
  const session = useStore($session);
  const signedIn = session.status === 'signed-in';
  useEffect(() => {
    if (signedIn) startAuth();
  }, [signedIn]);
  return signedIn;
}
