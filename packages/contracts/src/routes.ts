import { BIN_FLAGS, hasAll, hasAny, type PermissionFlag, type TPermissionMap } from './permissions.ts';
import type { RoleKey } from './roles.ts';

/** Every console route of spec §2 (hash paths; `:name` marks a parameter). */
export const PATHS = {
  root: '/',
  login: '/login',
  samlCoreLogin: '/saml/samlCoreLogin/:requestHash/:tokenHash',
  samlCoreLoginUuid: '/saml/samlCoreLogin/:requestHash/:tokenHash/:uuid',
  samlLogin: '/saml/samllogin',
  oauthLogin: '/oauth/oauthlogin',
  passwordRecovery: '/pwdrcvmail',
  /** Ours: where a link mailed to an administrator mailbox verifies an identity provider's e-mail domain. */
  domainVerification: '/idp-domain-verification',
  /** Ours: the public verification of a certificate, by its PDF or its code (the QR code printed on it opens it). */
  certificateVerification: '/verify',
  certificateVerificationCode: '/verify/:code',
  home: '/home',
  shippings: '/shippings',
  shippingsAll: '/shippings/all',
  shippingDetail: '/shippings/detail/:id',
  shippingCreate: '/shippings/create',
  shippingCopy: '/shippings/create/:id',
  shippingImport: '/shippings/import',
  shippingImportTemplate: '/shippings/import/template',
  importsList: '/imports-list',
  types: '/types',
  typeCreate: '/types/create',
  typeEdit: '/types/edit/:id',
  templates: '/templates',
  templatesSms: '/templates/sms',
  templateCreate: '/templates/create',
  templateEdit: '/templates/edit/:id',
  account: '/account',
  faqs: '/faqs',
  administration: '/administration',
  administrationDeleted: '/administration/deleted',
  /** Ours: the print room and the courier's results (postal delivery). */
  administrationPostal: '/administration/postal',
  /** Ours: the audit trail of administrative changes and security events (domain and super admins). */
  administrationAudit: '/administration/audit',
  /** Ours: the settings an administrator owns (platform ones for super admins, a domain's own for its admin). */
  administrationSettings: '/administration/settings',
  /** Ours: the identity providers of a domain, a tab of their own (super admins pick the domain in the URL). */
  administrationIdentityProviders: '/administration/identityproviders',
  administrationIdentityProvidersByDomain: '/administration/identityproviders/:domainId',
} as const;

export const ADMIN_KINDS = ['domains', 'companies', 'users', 'groups', 'certificates', 'samlcertificates'] as const;
export type AdminKind = (typeof ADMIN_KINDS)[number];

export const adminPaths = (kind: AdminKind) => ({
  list: `/administration/${kind}`,
  listByDomain: `/administration/${kind}/:domainId`,
  create: `/administration/${kind}/create/:domainId`,
  edit: `/administration/${kind}/edit/:id/:domainId`,
});

/** Routes reachable without signing in. */
export const OPEN_PATHS: readonly string[] = [
  PATHS.root,
  PATHS.login,
  PATHS.samlCoreLogin,
  PATHS.samlCoreLoginUuid,
  PATHS.samlLogin,
  PATHS.oauthLogin,
  PATHS.domainVerification,
  PATHS.certificateVerification,
  PATHS.certificateVerificationCode,
];

export type TAccessRequirement =
  | { kind: 'session' }
  | { kind: 'all'; flags: readonly PermissionFlag[] }
  | { kind: 'any'; flags: readonly PermissionFlag[] };

const session: TAccessRequirement = { kind: 'session' };
const all = (...flags: PermissionFlag[]): TAccessRequirement => ({ kind: 'all', flags });
const any = (...flags: PermissionFlag[]): TAccessRequirement => ({ kind: 'any', flags });

const SHIPPING_LIST = any('shippingList', 'shippingListOnlyAuth');

function adminKindRequirement(kind: AdminKind): TAccessRequirement {
  if (kind === 'domains') return all('administration', 'administrationDomain');
  if (kind === 'samlcertificates') return all('administration', 'administrationSaml');
  return all('administration');
}

/** Route → requirement table of spec §6, in match order: the first pattern that matches decides. */
export const ROUTE_ACCESS: readonly { pattern: string; requirement: TAccessRequirement }[] = [
  { pattern: PATHS.passwordRecovery, requirement: session },
  { pattern: PATHS.home, requirement: SHIPPING_LIST },
  { pattern: PATHS.shippings, requirement: SHIPPING_LIST },
  { pattern: PATHS.shippingsAll, requirement: SHIPPING_LIST },
  { pattern: PATHS.shippingDetail, requirement: SHIPPING_LIST },
  { pattern: PATHS.shippingCreate, requirement: all('newSend', 'editMode') },
  { pattern: PATHS.shippingCopy, requirement: all('newSend', 'editMode') },
  { pattern: PATHS.types, requirement: all('types') },
  { pattern: PATHS.typeCreate, requirement: all('types') },
  { pattern: PATHS.typeEdit, requirement: all('types') },
  { pattern: PATHS.importsList, requirement: all('shpImport') },
  { pattern: PATHS.shippingImport, requirement: all('shpImport', 'editMode') },
  { pattern: PATHS.shippingImportTemplate, requirement: all('shpImportTemplate', 'editMode') },
  { pattern: PATHS.templates, requirement: all('templates') },
  { pattern: PATHS.templatesSms, requirement: all('templates') },
  { pattern: PATHS.templateCreate, requirement: all('templates') },
  { pattern: PATHS.templateEdit, requirement: all('templates') },
  { pattern: PATHS.account, requirement: session },
  { pattern: PATHS.faqs, requirement: session },
  { pattern: PATHS.administrationDeleted, requirement: any(...BIN_FLAGS) },
  { pattern: PATHS.administrationPostal, requirement: all('administration') },
  { pattern: PATHS.administrationAudit, requirement: all('administration', 'administrationDomain') },
  { pattern: PATHS.administrationSettings, requirement: all('administration', 'administrationDomain') },
  { pattern: PATHS.administrationIdentityProviders, requirement: all('administration', 'administrationSaml') },
  {
    pattern: PATHS.administrationIdentityProvidersByDomain,
    requirement: all('administration', 'administrationSaml'),
  },
  { pattern: PATHS.administration, requirement: all('administration') },
  ...ADMIN_KINDS.flatMap((kind) =>
    Object.values(adminPaths(kind)).map((pattern) => ({ pattern, requirement: adminKindRequirement(kind) })),
  ),
];

/** Whether `path` (no query string) matches a route pattern with `:name` parameters. */
export function matchesPattern(pattern: string, path: string): boolean {
  const patternParts = pattern.split('/');
  const pathParts = path.replace(/\/+$/, '').split('/');
  if (pattern === '/') return path === '/' || path === '';
  if (patternParts.length !== pathParts.length) return false;
  return patternParts.every((part, index) =>
    part.startsWith(':') ? pathParts[index] !== '' : part === pathParts[index],
  );
}

export function findRouteRequirement(path: string): TAccessRequirement | null {
  return ROUTE_ACCESS.find((entry) => matchesPattern(entry.pattern, path))?.requirement ?? null;
}

export function meetsRequirement(requirement: TAccessRequirement, permissions: TPermissionMap): boolean {
  if (requirement.kind === 'session') return true;
  if (requirement.kind === 'all') return hasAll(permissions, requirement.flags);
  return hasAny(permissions, requirement.flags);
}

/** Spec §6: a guarded path is allowed only when it is in the table and its requirement holds; others get no access. */
export function canAccessPath(path: string, permissions: TPermissionMap): boolean {
  const requirement = findRouteRequirement(path);
  return requirement !== null && meetsRequirement(requirement, permissions);
}

export function isOpenPath(path: string): boolean {
  return OPEN_PATHS.some((pattern) => matchesPattern(pattern, path));
}

/** Query of the shippings list when it shows only what waits for the user's authorisation. */
export const AUTHORISATIONS_VIEW = 'view=auth';

/** Top navigation entries of spec §2 in display order, with their visibility rule of §6. */
export type TMenuEntry = {
  key: string;
  path: string;
  /** Extra path prefixes on which the entry is highlighted too. */
  highlightOn: readonly string[];
  /** Prefixes that never highlight it even though they match `highlightOn`. */
  highlightExcept?: readonly string[];
  /** Query the link carries; the entry is active only when the location has it. */
  search?: string;
  /** The entry is not active when the location carries this query. */
  excludeSearch?: string;
  isVisible: (permissions: TPermissionMap, roleKeys: readonly RoleKey[]) => boolean;
};

export const MENU_ENTRIES: readonly TMenuEntry[] = [
  {
    key: 'MENU_NEW_SHIPPING',
    path: PATHS.shippingCreate,
    highlightOn: [],
    isVisible: (p) => hasAll(p, ['newSend', 'editMode']),
  },
  {
    key: 'MENU_SHIPPINGS',
    path: PATHS.shippings,
    highlightOn: [PATHS.shippingsAll, '/shippings/detail/'],
    excludeSearch: AUTHORISATIONS_VIEW,
    isVisible: (p) => hasAll(p, ['shippingList']),
  },
  {
    key: 'MENU_AUTHORISATIONS',
    path: PATHS.shippings,
    search: AUTHORISATIONS_VIEW,
    highlightOn: [],
    isVisible: (p) => hasAll(p, ['shippingListOnlyAuth']),
  },
  {
    key: 'MENU_IMPORTS_LIST',
    path: PATHS.importsList,
    highlightOn: [],
    // Spec §6 names the roles for the menu and `shpImport` for the route: the entry shows only where both hold, so
    // it never leads to a page that refuses its user.
    isVisible: (p, roles) =>
      roles.some((role) => role === 'manager' || role === 'admin' || role === 'domainAdmin') &&
      canAccessPath(PATHS.importsList, p),
  },
  {
    key: 'MENU_IMPORT',
    path: PATHS.shippingImport,
    highlightOn: [],
    isVisible: (p) => hasAll(p, ['shpImport', 'editMode']),
  },
  {
    key: 'MENU_IMPORT_TEMPLATE',
    path: PATHS.shippingImportTemplate,
    highlightOn: [],
    isVisible: (p) => hasAll(p, ['shpImportTemplate', 'editMode']),
  },
  {
    key: 'MENU_TEMPLATES',
    path: PATHS.templates,
    highlightOn: ['/templates/create', '/templates/edit'],
    isVisible: (p) => hasAll(p, ['templates']),
  },
  {
    key: 'MENU_TYPES',
    path: PATHS.types,
    highlightOn: ['/types/create', '/types/edit'],
    isVisible: (p) => hasAll(p, ['types']),
  },
  {
    key: 'MENU_ADMINISTRATION',
    path: PATHS.administration,
    highlightOn: ['/administration/'],
    highlightExcept: [PATHS.administrationDeleted],
    isVisible: (p) => hasAll(p, ['administration']),
  },
  {
    key: 'MENU_HOME',
    path: PATHS.home,
    highlightOn: [],
    isVisible: (p) => canAccessPath(PATHS.home, p),
  },
  { key: 'MENU_ACCOUNT', path: PATHS.account, highlightOn: [], isVisible: () => true },
  { key: 'MENU_FAQS', path: PATHS.faqs, highlightOn: [], isVisible: () => true },
  {
    key: 'MENU_DELETED',
    path: PATHS.administrationDeleted,
    highlightOn: [],
    isVisible: (p) => showsDeletedItems(p),
  },
];

/** Whether the query string `search` carries every parameter of `query` with the same value. */
export function hasQuery(search: string, query: string): boolean {
  const present = new URLSearchParams(search);
  return [...new URLSearchParams(query)].every(([name, value]) => present.getAll(name).includes(value));
}

/** Whether the menu entry is the active one for `path` and its query string `search`. */
export function isMenuEntryActive(entry: TMenuEntry, path: string, search = ''): boolean {
  if (entry.search !== undefined) return path === entry.path && hasQuery(search, entry.search);
  if (entry.excludeSearch !== undefined && hasQuery(search, entry.excludeSearch)) return false;
  if (entry.highlightExcept?.some((prefix) => isUnder(path, prefix))) return false;
  return path === entry.path || entry.highlightOn.some((prefix) => isUnder(path, prefix));
}

/** `path` is `prefix` or below it, segment-wise: `/types/edit/3` is under `/types/edit`, `/types/editor` is not. */
function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/** The audit entry of the user menu shows to domain and super admins (the audit endpoints' permission). */
export function showsAuditTrail(permissions: TPermissionMap): boolean {
  return hasAll(permissions, ['administration', 'administrationDomain']);
}

/** The settings entry of the user menu shows to domain and super admins (the settings endpoints' permission). */
export function showsSettings(permissions: TPermissionMap): boolean {
  return hasAll(permissions, ['administration', 'administrationDomain']);
}

/** The deleted-items entry of the user menu shows when any bin permission is held. */
export function showsDeletedItems(permissions: TPermissionMap): boolean {
  return hasAny(permissions, BIN_FLAGS);
}

/**
 * Where unauthorised navigation lands (spec §4): super admins go to administration, others home.
 * When that target is itself not allowed, the account page (open to every signed-in user) is used.
 */
export function fallbackPathFor(permissions: TPermissionMap, superAdmin: boolean): string {
  const preferred = superAdmin ? PATHS.administration : PATHS.home;
  return canAccessPath(preferred, permissions) ? preferred : PATHS.account;
}
