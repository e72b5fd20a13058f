import { securityApi } from '@sello/contracts/catalogue/security';
import { PASSWORD_POLICY } from '@sello/contracts/password-policy';
import { useEffect } from 'react';
import { createStore } from '../lib/create-store.ts';
import { useStore } from '../lib/use-store.ts';
import { callEndpoint } from './http-client.ts';

const minLength = createStore<number>(PASSWORD_POLICY.defaultMinLength);
let requested = false;

/** The server's configured minimum password length (UtilityServlet), read once per page load. */
export function usePasswordMinLength(): number {
  useEffect(() => {
    if (requested) return;
    requested = true;
    callEndpoint(securityApi.utilityServlet, {}, { background: true }).then(
      (answer) => minLength.set(answer.passwordMinLength),
      () => {},
    );
  }, []);
  return useStore(minLength);
}
