import { PREFERENCES } from '@sello/contracts/constants';
import { PERMISSION_FLAGS, type PermissionFlag } from '@sello/contracts/permissions';
import { ROLE_STRINGS } from '@sello/contracts/roles';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertMissingPreferences } from '../preferences/preferences.queries.ts';
import { hashPassword } from '../security/passwords.ts';
import { seedShippingCatalogue } from './seed-demo-shippings.ts';

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
  { code: 'DEMO', name: 'Sello Demo', description: 'Demonstration tenant: a notary office and an insurer' },
  { code: 'ACME', name: 'Acme Logistics', description: 'Second tenant: transport and warehousing' },
];

/** Document types each demo domain starts with (name, description, service kind, active). */
const SHIPPING_TYPES: { domain: string; name: string; description: string; serviceKind: string; active?: boolean }[] = [
  {
    domain: 'DEMO',
    name: 'Notarial notification',
    description: 'Certified notice of a notarial act',
    serviceKind: 'notification',
  },
  { domain: 'DEMO', name: 'Deed acceptance', description: 'Signer accepts the draft deed', serviceKind: 'acceptance' },
  {
    domain: 'DEMO',
    name: 'Policy renewal notice',
    description: 'Insurance policy renewal',
    serviceKind: 'communication',
  },
  {
    domain: 'DEMO',
    name: 'Claim settlement acceptance',
    description: 'Insured accepts the settlement',
    serviceKind: 'express_acceptance',
  },
  {
    domain: 'DEMO',
    name: 'Certified e-mail',
    description: 'E-mail with delivery evidence',
    serviceKind: 'certified_email',
  },
  { domain: 'DEMO', name: 'Certified SMS', description: 'SMS with delivery evidence', serviceKind: 'certified_sms' },
  {
    domain: 'DEMO',
    name: 'Video identification',
    description: 'Attended identity check',
    serviceKind: 'video_identification_attended',
    active: false,
  },
  {
    domain: 'ACME',
    name: 'Delivery note acceptance',
    description: 'Consignee accepts the delivery note',
    serviceKind: 'acceptance',
  },
  {
    domain: 'ACME',
    name: 'Carrier contract notification',
    description: 'Notice to carriers',
    serviceKind: 'notification',
  },
  { domain: 'ACME', name: 'Warehouse custody', description: 'Goods held in custody', serviceKind: 'custody' },
  {
    domain: 'ACME',
    name: 'Driver card check',
    description: 'Driver identity card verification',
    serviceKind: 'card_verification',
  },
];

/** Message templates each demo domain starts with. */
const TEMPLATES: {
  domain: string;
  name: string;
  contentType: 'HTML' | 'SMS';
  kind: string;
  subject?: string;
  body: string;
  active?: boolean;
}[] = [
  {
    domain: 'DEMO',
    name: 'Notarial notice',
    contentType: 'HTML',
    kind: 'COMMUNICATION',
    subject: 'Notarial notification',
    body: '<p>{{company}} has sent you a notarial notification.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Renewal with documents',
    contentType: 'HTML',
    kind: 'ADVANCED_COMMUNICATION',
    subject: 'Your policy renewal',
    body: '<p>Your policy {{policy}} renews on {{date}}. Documents attached.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Claim follow-up',
    contentType: 'HTML',
    kind: 'ADVANCED_COMMUNICATION',
    subject: 'News about your claim',
    body: '<p>Your claim {{claim}} has a new step. Open the link to review it.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Payment reminder',
    contentType: 'HTML',
    kind: 'ADVANCED_COMMUNICATION',
    subject: 'Payment reminder',
    body: '<p>A payment of {{amount}} is due on {{date}}.</p>',
    active: false,
  },
  {
    domain: 'DEMO',
    name: 'Certified e-mail cover',
    contentType: 'HTML',
    kind: 'EMAIL_CERT',
    subject: 'Certified message',
    body: '<p>This message is delivered with evidence by Sello.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Access code',
    contentType: 'SMS',
    kind: 'SMS_CERT',
    body: 'Your Sello access code is {{pin}}.',
  },
  {
    domain: 'ACME',
    name: 'Delivery update',
    contentType: 'HTML',
    kind: 'ADVANCED_COMMUNICATION',
    subject: 'Your delivery',
    body: '<p>Your delivery {{reference}} is on its way.</p>',
  },
  {
    domain: 'ACME',
    name: 'Custody notice',
    contentType: 'HTML',
    kind: 'ADVANCED_COMMUNICATION',
    subject: 'Goods held in custody',
    body: '<p>Goods {{reference}} are held in custody until {{date}}.</p>',
  },
  { domain: 'ACME', name: 'Pick-up code', contentType: 'SMS', kind: 'SMS_CERT', body: 'Acme pick-up code: {{pin}}.' },
];

/** Groups of users each demo domain starts with, by member username. */
const GROUPS = [
  {
    domain: 'DEMO',
    name: 'Legal',
    description: 'Notarial and legal staff',
    members: ['company.admin', 'company.user'],
  },
  { domain: 'DEMO', name: 'Claims', description: 'Claims handling', members: ['company.manager'] },
  { domain: 'ACME', name: 'Dispatch', description: 'Dispatch office', members: ['acme.admin'] },
];

/**
 * What the demo domains have contracted. DEMO has no row: every service, channel and identity document.
 * ACME, a Spanish carrier, sends no postal mail, runs no video or NFC identification and identifies
 * receivers by Spanish documents, passports and other European identity cards.
 */
const DOMAIN_CONFIGURATIONS = [
  {
    domain: 'ACME',
    serviceKinds: [
      'notification',
      'acceptance',
      'express_acceptance',
      'communication',
      'custody',
      'certified_email',
      'certified_sms',
      'card_verification',
    ],
    channels: ['email', 'sms', 'whatsapp', 'onscreen'],
    identityDocumentTypes: ['DNI', 'NIE', 'NIF', 'PASSPORT', 'EU_ID_CARD'],
  },
];

/** Document types and advanced templates the DEMO domain already offers (by name, in order). */
const DEMO_DOCUMENT_TYPES = ['Notarial notification', 'Deed acceptance'];
const DEMO_ADV_TEMPLATES = ['Renewal with documents'];

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
    {
      name: PREFERENCES.consoleUrl,
      value: null,
      description: 'Public URL of the console (links in messages); empty: the PUBLIC_URL setting',
    },
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
    await seedCatalogues(trx, domainIds);
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
    const userIds = new Map<string, string>();
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
      userIds.set(user.username, row.id);
      for (const taxId of user.companies) {
        await trx
          .insertInto('user_companies')
          .values({ user_id: row.id, company_id: companyIds.get(taxId)! })
          .execute();
      }
    }
    for (const group of GROUPS) {
      const row = await trx
        .insertInto('groups')
        .values({ domain_id: domainIds.get(group.domain)!, name: group.name, description: group.description })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const username of group.members) {
        await trx
          .insertInto('user_groups')
          .values({ user_id: userIds.get(username)!, group_id: row.id })
          .execute();
      }
    }
    await seedShippingCatalogue(trx);
    return true;
  });
}

/** Document types and templates of both demo domains, and what the DEMO domain already offers. */
async function seedCatalogues(trx: Kysely<Database>, domainIds: Map<string, string>) {
  const typeIds = new Map<string, string>();
  for (const type of SHIPPING_TYPES) {
    const row = await trx
      .insertInto('shipping_types')
      .values({
        domain_id: domainIds.get(type.domain)!,
        name: type.name,
        description: type.description,
        service_kind: type.serviceKind,
        active: type.active ?? true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.set(type.name, row.id);
  }
  const templateIds = new Map<string, string>();
  for (const template of TEMPLATES) {
    const row = await trx
      .insertInto('templates')
      .values({
        domain_id: domainIds.get(template.domain)!,
        name: template.name,
        content_type: template.contentType,
        kind: template.kind,
        subject: template.subject ?? null,
        body: template.body,
        active: template.active ?? true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    templateIds.set(template.name, row.id);
  }
  for (const configuration of DOMAIN_CONFIGURATIONS) {
    await trx
      .insertInto('domain_configuration')
      .values({
        domain_id: domainIds.get(configuration.domain)!,
        service_kinds: configuration.serviceKinds,
        channels: configuration.channels,
        identity_document_types: configuration.identityDocumentTypes,
      })
      .execute();
  }
  const demo = domainIds.get('DEMO')!;
  for (const [position, name] of DEMO_DOCUMENT_TYPES.entries()) {
    await trx
      .insertInto('domain_document_types')
      .values({ domain_id: demo, type_id: typeIds.get(name)!, position })
      .execute();
  }
  for (const [position, name] of DEMO_ADV_TEMPLATES.entries()) {
    await trx
      .insertInto('domain_adv_templates')
      .values({ domain_id: demo, template_id: templateIds.get(name)!, position })
      .execute();
  }
}

export async function seedPreferences(db: Kysely<Database>, sessionMinutes: number): Promise<void> {
  await insertMissingPreferences(db, defaultPreferences(sessionMinutes));
}
