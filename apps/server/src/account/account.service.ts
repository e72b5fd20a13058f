import type { TAccount, TAccountUpdate } from '@sello/contracts/catalogue/account';
import type { Language } from '@sello/contracts/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, notFound } from '../platform/api-error.ts';
import { recordAudit } from '../platform/audit.ts';
import type { TPrincipal, TPrincipalAccount } from '../platform/principal.ts';
import { changePassword } from '../security/password-change.ts';
import { verifyPassword } from '../security/passwords.ts';
import {
  selectAccount,
  selectAccountView,
  selectUserCompanies,
  updateAccountRow,
  updateLanguageRow,
} from './account.queries.ts';

type Deps = { db: Kysely<Database>; passwordMinLength: number };

export function createAccountService({ db, passwordMinLength }: Deps) {
  /** From the principal's own statement when it carries the account (every session does), else one query. */
  async function read(principal: Pick<TPrincipal, 'userId' | 'username' | 'language' | 'roles' | 'account'>) {
    if (!principal.account) return readStored(principal.userId);
    const { account } = principal;
    return toAccount({
      ...account,
      id: principal.userId,
      username: principal.username,
      language: principal.language,
      roles: principal.roles,
    });
  }

  async function readStored(userId: string): Promise<TAccount> {
    const row = await selectAccountView(db, userId);
    if (!row) throw notFound();
    return toAccount(row);
  }

  function toAccount(
    row: TPrincipalAccount & { id: string; username: string; language: string; roles: string[] },
  ): TAccount {
    return {
      id: Number(row.id),
      userid: row.username,
      name: row.name,
      email: row.email,
      language: row.language as Language,
      roles: row.roles,
      domainName: row.domainName,
      companies: row.companies.map((company) => ({ id: Number(company.id), name: company.name })),
      passwordChangedAt: row.passwordChangedAt.toISOString(),
    };
  }

  /** A new password passes the shared policy and history; every other session of the user ends. */
  async function update(principal: TPrincipal, input: TAccountUpdate): Promise<TAccount> {
    const { userId } = principal;
    const row = await selectAccount(db, userId);
    if (!row) throw notFound();
    const { newPassword } = input;
    if (newPassword !== undefined) {
      const currentOk = await verifyPassword(row.passwordHash, input.currentPassword ?? '');
      if (!currentOk) throw new ApiError(400, 'ERR_VALIDATION', { currentPassword: 'ERR_PWD_CURRENT_INVALID' });
    }
    await db.transaction().execute(async (trx) => {
      await updateAccountRow(trx, userId, { name: input.name, email: input.email });
      const before = { name: row.name, email: row.email };
      const after = { name: input.name, email: input.email };
      if (before.name !== after.name || before.email !== after.email) {
        const entry = { domainId: principal.domainId, entity: 'users', entityId: userId, action: 'account-update' };
        await recordAudit(trx, principal, { ...entry, before, after });
      }
      if (newPassword === undefined) return;
      const { domainId, roles } = principal;
      await changePassword(trx, {
        user: { id: userId, username: row.username, email: input.email, domainId, roles },
        via: 'account',
        newPassword,
        minLength: passwordMinLength,
        field: 'newPassword',
        keepSessionId: principal.sessionId,
      });
    });
    return readStored(userId);
  }

  return {
    read,
    update,
    /** The user's own preference of language, recorded like any change to a user. */
    updateLanguage: (principal: TPrincipal, language: Language) =>
      db.transaction().execute(async (trx) => {
        const entry = {
          domainId: principal.domainId,
          entity: 'users',
          entityId: principal.userId,
          action: 'preferences',
        };
        const before = { language: principal.language };
        await updateLanguageRow(trx, principal.userId, language);
        if (language !== principal.language)
          await recordAudit(trx, principal, { ...entry, before, after: { language } });
      }),
    userCompaniesList: async (userId: string) =>
      (await selectUserCompanies(db, userId)).map((company) => ({ value: Number(company.id), text: company.name })),
  };
}
