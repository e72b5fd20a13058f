import { canAccessPath, fallbackPathFor, PATHS } from '@sello/contracts/routes';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { redirectTarget } from '../session/redirect-target.ts';
import { useSession } from '../session/use-session.ts';

/**
 * Spec §4/§6 guard: not signed in → /login (remembering where the user wanted to go); signed in
 * without the route's permission → administration for a super admin, home for others.
 */
export function GuardedRoute({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { loggedIn, permissions, superAdmin } = useSession();
  const url = location.pathname + location.search;
  if (!loggedIn) {
    redirectTarget.remember(url);
    return <Navigate to={PATHS.login} replace />;
  }
  if (!canAccessPath(location.pathname, permissions)) {
    return <Navigate to={fallbackPathFor(permissions, superAdmin)} replace />;
  }
  redirectTarget.remember(url);
  return children;
}
