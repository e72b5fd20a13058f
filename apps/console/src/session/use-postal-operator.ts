import { isAllowedBy } from '@sello/contracts/access';
import { postalApi } from '@sello/contracts/catalogue/postal';
import { useSession } from './use-session.ts';

/** Whether the signed-in user runs the print room (the rule of the postal calls themselves). */
export function useIsPostalOperator(): boolean {
  const { permissions, roleKeys } = useSession();
  return isAllowedBy(postalApi.letters.permission, { permissions, roleKeys });
}
