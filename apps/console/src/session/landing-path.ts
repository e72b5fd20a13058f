import { canAccessPath, fallbackPathFor } from '@sello/contracts/routes';
import { redirectTarget } from './redirect-target.ts';

/** Where a fresh sign-in lands: the remembered URL when this user may open it, otherwise the fallback. */
export function landingPathAfterLogin(permissions: Parameters<typeof canAccessPath>[1], superAdmin: boolean): string {
  const remembered = redirectTarget.read();
  if (remembered && canAccessPath(remembered.split('?')[0] ?? '', permissions)) return remembered;
  return fallbackPathFor(permissions, superAdmin);
}
