import { LANGUAGES, type Language } from '@sello/contracts/constants';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashPassword } from '../security/passwords.ts';
import { DEMO_ADV_TEMPLATES, DEMO_DOCUMENT_TYPES, DEMO_SHIPPING_TYPES, DEMO_TEMPLATES } from './demo-catalogue.ts';
import { DEMO_PASSWORD } from './demo-password.ts';
import { DEMO_TEMPLATE_LANGUAGE, DEMO_TEMPLATE_VARIANTS, type TDemoTemplateVariant } from './demo-template-variants.ts';
import { DEMO_COMPANIES, DEMO_DOMAIN_CONFIGURATIONS, DEMO_DOMAINS, DEMO_GROUPS, DEMO_USERS } from './demo-tenant.ts';

const SEED_LOCK_KEY = 7_305_114;

type TIds = {
  domains: Map<string, string>;
  companies: Map<string, string>;
  users: Map<string, string>;
  /** Group ids by domain code and name. */
  groups: Map<string, string>;
};

/**
 * Inserts the demo tenant once: two domains, their companies, one user per role, groups, and a
 * catalogue of document types and templates covering every service kind.
 */
export async function seedDemo(db: Kysely<Database>): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    // Several server copies may start at once on an empty database: only one seeds.
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const existing = await trx.selectFrom('domains').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const ids = await seedTenant(trx, passwordHash);
    await seedCatalogue(trx, ids);
    return true;
  });
}

async function seedTenant(trx: Kysely<Database>, passwordHash: string): Promise<TIds> {
  const ids: TIds = { domains: new Map(), companies: new Map(), users: new Map(), groups: new Map() };
  for (const domain of DEMO_DOMAINS) {
    const row = await trx.insertInto('domains').values(domain).returning('id').executeTakeFirstOrThrow();
    ids.domains.set(domain.code, row.id);
  }
  for (const company of DEMO_COMPANIES) {
    const row = await trx
      .insertInto('companies')
      .values({
        domain_id: ids.domains.get(company.domain)!,
        name: company.name,
        tax_id: company.taxId,
        email: company.email,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.companies.set(company.taxId, row.id);
  }
  for (const user of DEMO_USERS) {
    const row = await trx
      .insertInto('users')
      .values({
        domain_id: ids.domains.get(user.domain)!,
        username: user.username,
        name: user.name,
        email: user.email,
        password_hash: passwordHash,
        roles: user.roles,
        permissions: user.permissions,
        is_sandbox: user.isSandbox ?? false,
        language: user.language ?? 'es-es',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.users.set(user.username, row.id);
    for (const taxId of user.companies) {
      await trx
        .insertInto('user_companies')
        .values({ user_id: row.id, company_id: ids.companies.get(taxId)! })
        .execute();
    }
  }
  for (const group of DEMO_GROUPS) {
    const row = await trx
      .insertInto('groups')
      .values({ domain_id: ids.domains.get(group.domain)!, name: group.name, description: group.description })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.groups.set(`${group.domain}/${group.name}`, row.id);
    for (const username of group.members) {
      await trx
        .insertInto('user_groups')
        .values({ user_id: ids.users.get(username)!, group_id: row.id })
        .execute();
    }
  }
  return ids;
}

/** Templates, document types with their authorisers, what each domain has contracted and offers. */
async function seedCatalogue(trx: Kysely<Database>, ids: TIds): Promise<void> {
  // Each template in English, and its Spanish and Portuguese versions under `DOMAIN/English name/language`.
  const variantIds = new Map<string, string>();
  for (const template of DEMO_TEMPLATES) {
    const versions: [Language, TDemoTemplateVariant][] = [
      [DEMO_TEMPLATE_LANGUAGE, template],
      ...(Object.entries(DEMO_TEMPLATE_VARIANTS[template.name] ?? {}) as [Language, TDemoTemplateVariant][]),
    ];
    for (const [language, version] of versions) {
      const row = await trx
        .insertInto('templates')
        .values({
          domain_id: ids.domains.get(template.domain)!,
          name: version.name,
          content_type: template.contentType,
          kind: template.kind,
          language,
          subject: version.subject ?? null,
          body: version.body,
          active: template.active ?? true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      variantIds.set(`${template.domain}/${template.name}/${language}`, row.id);
    }
  }
  const typeIds = new Map<string, string>();
  for (const [index, type] of DEMO_SHIPPING_TYPES.entries()) {
    const row = await trx
      .insertInto('shipping_types')
      .values({
        domain_id: ids.domains.get(type.domain)!,
        company_id: type.company ? ids.companies.get(type.company)! : null,
        name: type.name,
        description: type.description,
        service_kind: type.serviceKind,
        active: type.active ?? true,
        channels: type.channels,
        requires_auth: type.requiresAuth ?? false,
        auth_deadline_hours: type.authDeadlineHours ?? 72,
        response_days: type.responseDays ?? 15,
        custody_days: type.custodyDays ?? null,
        position: index + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.set(type.name, row.id);
    const defaults = [
      ['HTML', type.defaultTemplate],
      ['SMS', type.defaultSmsTemplate],
    ] as const;
    for (const [contentType, name] of defaults) {
      for (const language of LANGUAGES) {
        const templateId = name && variantIds.get(`${type.domain}/${name}/${language}`);
        if (!templateId) continue;
        await trx
          .insertInto('shipping_type_default_templates')
          .values({ type_id: row.id, content_type: contentType, language, template_id: templateId })
          .execute();
      }
    }
    for (const username of type.authoriserUsers ?? []) {
      await trx
        .insertInto('shipping_type_authorisers')
        .values({ type_id: row.id, user_id: ids.users.get(username)! })
        .execute();
    }
    for (const group of type.authoriserGroups ?? []) {
      await trx
        .insertInto('shipping_type_authorisers')
        .values({ type_id: row.id, group_id: ids.groups.get(`${type.domain}/${group}`)! })
        .execute();
    }
  }
  for (const configuration of DEMO_DOMAIN_CONFIGURATIONS) {
    await trx
      .insertInto('domain_configuration')
      .values({
        domain_id: ids.domains.get(configuration.domain)!,
        service_kinds: configuration.serviceKinds,
        channels: configuration.channels,
        identity_document_types: configuration.identityDocumentTypes,
      })
      .execute();
  }
  const demo = ids.domains.get('DEMO')!;
  for (const [position, name] of DEMO_DOCUMENT_TYPES.entries()) {
    await trx
      .insertInto('domain_document_types')
      .values({ domain_id: demo, type_id: typeIds.get(name)!, position })
      .execute();
  }
  // The advanced templates the demo offers, each in every language it is written in.
  const advanced = DEMO_ADV_TEMPLATES.flatMap((name) =>
    LANGUAGES.flatMap((language) => variantIds.get(`DEMO/${name}/${language}`) ?? []),
  );
  for (const [position, templateId] of advanced.entries()) {
    await trx
      .insertInto('domain_adv_templates')
      .values({ domain_id: demo, template_id: templateId, position })
      .execute();
  }
}
