import { PREFERENCES } from '@sello/contracts/constants';
import { PERMISSION_FLAGS, type PermissionFlag } from '@sello/contracts/permissions';
import { ROLE_STRINGS } from '@sello/contracts/roles';
import { type Kysely, sql } from 'kysely';
import { insertMissingPreferences } from '../preferences/preferences.queries.ts';
import { hashPassword } from '../security/passwords.ts';
import type { Database } from './schema.ts';

const SEED_LOCK_KEY = 7_305_114;

/** Password of every demo account; printed at start and listed in the README. */
export const DEMO_PASSWORD = 'Sello-Demo-2026';

const BINS: PermissionFlag[] = ['shpBin', 'typeBin', 'companyBin', 'groupBin', 'certBin', 'userBin', 'templatesBin'];
const SENDER: PermissionFlag[] = ['shippingList', 'newSend', 'editMode'];

export type TDemoUser = {
  username: string;
  name: string;
  email: string;
  domain: 'DEMO' | 'ACME';
  roles: string[];
  permissions: PermissionFlag[];
  isSandbox?: boolean;
  language?: string;
  companies: string[];
  role: string;
};

export const DEMO_USERS: TDemoUser[] = [
  {
    username: 'super.admin',
    name: 'Sofía Prieto',
    email: 'super.admin@sello.local',
    domain: 'DEMO',
    roles: [ROLE_STRINGS.superAdmin],
    permissions: [...PERMISSION_FLAGS],
    companies: [],
    role: 'super admin',
  },
  {
    username: 'domain.admin',
    name: 'Daniel Ortega',
    email: 'domain.admin@sello.local',
    domain: 'DEMO',
    roles: [ROLE_STRINGS.domainAdmin],
    permissions: [
      ...SENDER,
      'types',
      'shpImport',
      'shpImportTemplate',
      'templates',
      'administration',
      'administrationDomain',
      'administrationSaml',
      ...BINS,
    ],
    companies: ['B1234567A', 'A7654321B'],
    role: 'domain admin',
  },
  {
    username: 'company.admin',
    name: 'Alba Núñez',
    email: 'company.admin@sello.local',
    domain: 'DEMO',
    roles: [ROLE_STRINGS.admin],
    permissions: [...SENDER, 'types', 'shpImport', 'shpImportTemplate', 'templates', 'administration', ...BINS],
    companies: ['B1234567A'],
    role: 'admin',
  },
  {
    username: 'company.manager',
    name: 'Marta Lopes',
    email: 'company.manager@sello.local',
    domain: 'DEMO',
    roles: [ROLE_STRINGS.manager],
    permissions: [
      ...SENDER,
      'shippingListOnlyAuth',
      'shpImport',
      'shpImportTemplate',
      'templates',
      'shpBin',
      'templatesBin',
    ],
    language: 'pt-pt',
    companies: ['B1234567A'],
    role: 'manager',
  },
  {
    username: 'company.user',
    name: 'Javier Ruiz',
    email: 'company.user@sello.local',
    domain: 'DEMO',
    roles: [ROLE_STRINGS.user],
    permissions: SENDER,
    companies: ['B1234567A'],
    role: 'user',
  },
  {
    username: 'sandbox.user',
    name: 'Sam Taylor',
    email: 'sandbox.user@sello.local',
    domain: 'DEMO',
    roles: [ROLE_STRINGS.user],
    permissions: SENDER,
    isSandbox: true,
    language: 'en-en',
    companies: ['B1234567A'],
    role: 'user (sandbox)',
  },
  {
    username: 'acme.admin',
    name: 'Pedro Acosta',
    email: 'acme.admin@acme.local',
    domain: 'ACME',
    roles: [ROLE_STRINGS.domainAdmin],
    permissions: [...SENDER, 'types', 'templates', 'administration', 'administrationDomain', ...BINS],
    companies: ['B8765432C'],
    role: 'domain admin (second domain)',
  },
];

const DOMAINS = [
  { code: 'DEMO', name: 'Sello Demo' },
  { code: 'ACME', name: 'Acme Logistics' },
];

const COMPANIES = [
  { domain: 'DEMO', name: 'Notaría Central S.L.', taxId: 'B1234567A', email: 'notaria@central.local' },
  { domain: 'DEMO', name: 'Seguros Atlántico S.A.', taxId: 'A7654321B', email: 'avisos@atlantico.local' },
  { domain: 'ACME', name: 'Acme Transportes S.L.', taxId: 'B8765432C', email: 'ops@acme.local' },
  { domain: 'ACME', name: 'Acme Almacenes S.L.', taxId: 'B1122334D', email: 'almacen@acme.local' },
];

/** Preference rows every installation starts with; values already present are kept. */
export function defaultPreferences(sessionMinutes: number) {
  return [
    { name: PREFERENCES.sessionTime, value: String(sessionMinutes), description: 'Console session length, minutes' },
    { name: PREFERENCES.refreshTime, value: '5', description: 'Minutes between console version checks' },
    { name: PREFERENCES.fileUploadMaxSize, value: '5120', description: 'Largest attachment, KB' },
    { name: PREFERENCES.smsMaxCharacters, value: '160', description: 'Largest SMS text length' },
    { name: PREFERENCES.numDownload, value: '50', description: 'Most shippings per documentation download' },
    { name: PREFERENCES.consoleUrl, value: 'http://localhost:8080/', description: 'Public URL of the console' },
    { name: PREFERENCES.eDeliveryServices, value: '', description: 'E-delivery services offered' },
    { name: 'LEGAL_NOTICE_URL', value: '/legal.html#legal-notice', description: 'Footer: legal notice' },
    { name: 'PRIVACY_POLICY_URL', value: '/legal.html#privacy', description: 'Footer: privacy policy' },
    { name: 'COOKIE_POLICY_URL', value: '/legal.html#cookies', description: 'Footer: cookie policy' },
    { name: 'MANUAL_URL_ES', value: null, description: 'Help menu: user manual in Spanish' },
    { name: 'MANUAL_URL_EN', value: null, description: 'Help menu: user manual in English' },
    { name: 'MANUAL_URL_PT', value: null, description: 'Help menu: user manual in Portuguese' },
    { name: 'VIDEO_TUTORIALS_URL', value: null, description: 'Help menu: video tutorials' },
    { name: 'RELEASES_URL', value: null, description: 'Help menu: release notes' },
  ];
}

/** Inserts the demo tenant once: two domains, their companies and one user per role. */
export async function seedDemo(db: Kysely<Database>): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    // Several server copies may start at once on an empty database: only one seeds.
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const existing = await trx.selectFrom('domains').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const domainIds = new Map<string, string>();
    for (const domain of DOMAINS) {
      const row = await trx.insertInto('domains').values(domain).returning('id').executeTakeFirstOrThrow();
      domainIds.set(domain.code, row.id);
    }
    const companyIds = new Map<string, string>();
    for (const company of COMPANIES) {
      const row = await trx
        .insertInto('companies')
        .values({
          domain_id: domainIds.get(company.domain)!,
          name: company.name,
          tax_id: company.taxId,
          email: company.email,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      companyIds.set(company.taxId, row.id);
    }
    for (const user of DEMO_USERS) {
      const row = await trx
        .insertInto('users')
        .values({
          domain_id: domainIds.get(user.domain)!,
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
      for (const taxId of user.companies) {
        await trx
          .insertInto('user_companies')
          .values({ user_id: row.id, company_id: companyIds.get(taxId)! })
          .execute();
      }
    }
    return true;
  });
}

export async function seedPreferences(db: Kysely<Database>, sessionMinutes: number): Promise<void> {
  await insertMissingPreferences(db, defaultPreferences(sessionMinutes));
}
