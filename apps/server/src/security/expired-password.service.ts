import type { TLoginRequest } from '@sello/contracts/catalogue/security';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, fieldError } from '../platform/api-error.ts';
import { changePassword } from './password-change.ts';
import type { TSecurityService } from './security.service.ts';

type Deps = { db: Kysely<Database>; security: TSecurityService; minLength: number };
type TExpiredInput = { login: string; password: string; newpassword: string; newconfirmpassword: string };
type ClientInfo = Parameters<TSecurityService['login']>[1];

export function createExpiredPasswordService({ db, security, minLength }: Deps) {
  /**
   * Spec §7 `pwdExpired`: the current (expired) password proves who asks, as at sign-in (failures
   * count and delay as there); the new one passes the policy; then the ordinary sign-in runs with it, so
   * every later sign-in step applies here too.
   */
  async function pwdExpired(input: TExpiredInput, client: ClientInfo, trustToken?: string) {
    if (input.newpassword !== input.newconfirmpassword) throw fieldError('newconfirmpassword', 'ERR_PWD_MISMATCH');
    const user = await security.verifySignInPassword(input.login, input.password, client);
    if (!user.passwordExpired) throw new ApiError(409, 'ERR_PWD_NOT_EXPIRED');
    await db.transaction().execute((trx) =>
      changePassword(trx, {
        user: { id: user.id, username: user.username, email: user.email, domainId: user.domainId, roles: user.roles },
        via: 'expired',
        newPassword: input.newpassword,
        minLength,
        field: 'newpassword',
      }),
    );
    const login: TLoginRequest = { login: input.login, password: input.newpassword };
    return security.login(login, client, trustToken);
  }

  return { pwdExpired };
}
