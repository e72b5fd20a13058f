import { detectRoles } from '@sello/contracts/roles';
import { useMemo } from 'react';
import { useStore } from '../lib/use-store.ts';
import { session, sessionVersion } from './session-store.ts';

/** The signed-in user, re-read whenever the stored session changes. */
export function useSession() {
  const version = useStore(sessionVersion);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version is what invalidates the stored values
  return useMemo(() => {
    const user = session.user();
    return {
      loggedIn: session.isLoggedIn(),
      user,
      permissions: user?.permissions ?? {},
      roleKeys: user ? detectRoles(user.roles) : [],
      superAdmin: user?.superAdmin ?? false,
    };
  }, [version]);
}
