import type { TAccount, TAccountUpdate } from '@sello/contracts/catalogue/account';
import type { Language } from '@sello/contracts/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, notFound } from '../platform/api-error.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import {
  selectAccount,
  selectAccountView,
  selectUserCompanies,
  updateAccountRow,
  updateLanguageRow,
} from './account.queries.ts';

export function createAccountService(db: Kysely<Database>) {
  async function read(userId: string): Promise<TAccount> {
    const row = await selectAccountView(db, userId);
    if (!row) throw notFound();
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

  async function update(userId: string, input: TAccountUpdate): Promise<TAccount> {
    const row = await selectAccount(db, userId);
    if (!row) throw notFound();
    let passwordHash: string | undefined;
    if (input.newPassword !== undefined) {
      const currentOk = await verifyPassword(row.passwordHash, input.currentPassword ?? '');
      if (!currentOk) throw new ApiError(400, 'ERR_VALIDATION', { currentPassword: 'ERR_PWD_CURRENT_INVALID' });
      passwordHash = await hashPassword(input.newPassword);
    }
    await updateAccountRow(db, userId, { name: input.name, email: input.email, passwordHash });
    return read(userId);
  }

  return {
    read,
    update,
    updateLanguage: (userId: string, language: Language) => updateLanguageRow(db, userId, language),
    listCompanies: async (userId: string) =>
      (await selectUserCompanies(db, userId)).map((company) => ({ value: Number(company.id), text: company.name })),
  };
}
