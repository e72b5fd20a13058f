import { PERMISSION_FLAGS, type PermissionFlag } from '@sello/contracts/permissions';
import { ROLE_STRINGS } from '@sello/contracts/roles';

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
    companies: ['B12345674', 'A76543214'],
    role: 'domain admin',
  },
  {
    username: 'company.admin',
    name: 'Alba Núñez',
    email: 'company.admin@sello.local',
    domain: 'DEMO',
    roles: [ROLE_STRINGS.admin],
    permissions: [...SENDER, 'types', 'shpImport', 'shpImportTemplate', 'templates', 'administration', ...BINS],
    companies: ['B12345674'],
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
    companies: ['B12345674'],
    role: 'manager',
  },
  {
    username: 'company.user',
    name: 'Javier Ruiz',
    email: 'company.user@sello.local',
    domain: 'DEMO',
    roles: [ROLE_STRINGS.user],
    permissions: SENDER,
    companies: ['B12345674'],
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
    companies: ['B12345674'],
    role: 'user (sandbox)',
  },
  {
    username: 'acme.admin',
    name: 'Pedro Acosta',
    email: 'acme.admin@acme.local',
    domain: 'ACME',
    roles: [ROLE_STRINGS.domainAdmin],
    permissions: [...SENDER, 'types', 'templates', 'administration', 'administrationDomain', ...BINS],
    companies: ['B87654323'],
    role: 'domain admin (second domain)',
  },
];

/** The two demo tenants. */
export const DEMO_DOMAINS = [
  { code: 'DEMO', name: 'Sello Demo', description: 'Demonstration tenant: a notary office and an insurer' },
  { code: 'ACME', name: 'Acme Logistics', description: 'Second tenant: transport and warehousing' },
];

export const DEMO_COMPANIES = [
  { domain: 'DEMO', name: 'Notaría Central S.L.', taxId: 'B12345674', email: 'notaria@central.local' },
  { domain: 'DEMO', name: 'Seguros Atlántico S.A.', taxId: 'A76543214', email: 'avisos@atlantico.local' },
  { domain: 'ACME', name: 'Acme Transportes S.L.', taxId: 'B87654323', email: 'ops@acme.local' },
  { domain: 'ACME', name: 'Acme Almacenes S.L.', taxId: 'B11223344', email: 'almacen@acme.local' },
];

/** Groups of users each demo domain starts with, by member username. */
export const DEMO_GROUPS = [
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
export const DEMO_DOMAIN_CONFIGURATIONS = [
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
