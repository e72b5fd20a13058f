import { describe, expect, it } from 'vitest';
import {
  BIN_FLAGS,
  PERMISSION_FLAGS,
  type PermissionFlag,
  type TPermissionMap,
  toPermissionMap,
} from './permissions.ts';
import { DEFAULT_PERMISSIONS_BY_ROLE } from './role-rules.ts';
import { ROLE_KEYS, type RoleKey } from './roles.ts';
import {
  ADMIN_KINDS,
  AUTHORISATIONS_VIEW,
  canAccessPath,
  fallbackPathFor,
  hasQuery,
  isMenuEntryActive,
  isOpenPath,
  MENU_ENTRIES,
  matchesPattern,
  PATHS,
  showsAuditTrail,
  showsDeletedItems,
  showsSettings,
  type TMenuEntry,
} from './routes.ts';

const flags = (...list: PermissionFlag[]) => toPermissionMap(list);
const EVERY_FLAG = flags(...PERMISSION_FLAGS);
const NO_FLAG = flags();

type TRow = { name: string; paths: string[] } & (
  | { all: PermissionFlag[] }
  | { any: PermissionFlag[] }
  | { session: true }
);

const adminKindPaths = (kind: string) => [
  `/administration/${kind}`,
  `/administration/${kind}/7`,
  `/administration/${kind}/create/7`,
  `/administration/${kind}/edit/12/7`,
];

/** The route table of spec §6, row by row. */
const ROUTE_TABLE: TRow[] = [
  {
    name: 'home and shippings',
    paths: ['/home', '/shippings', '/shippings/all', '/shippings/detail/5'],
    any: ['shippingList', 'shippingListOnlyAuth'],
  },
  { name: 'new shipping', paths: ['/shippings/create', '/shippings/create/5'], all: ['newSend', 'editMode'] },
  { name: 'types', paths: ['/types', '/types/create', '/types/edit/3'], all: ['types'] },
  { name: 'imports list', paths: ['/imports-list'], all: ['shpImport'] },
  { name: 'import', paths: ['/shippings/import'], all: ['shpImport', 'editMode'] },
  { name: 'import from template', paths: ['/shippings/import/template'], all: ['shpImportTemplate', 'editMode'] },
  {
    name: 'templates',
    paths: ['/templates', '/templates/sms', '/templates/create', '/templates/edit/4'],
    all: ['templates'],
  },
  { name: 'account and FAQs', paths: ['/account', '/faqs'], session: true },
  {
    name: 'administration, companies, users, groups, certificates',
    paths: ['/administration', ...['companies', 'users', 'groups', 'certificates'].flatMap(adminKindPaths)],
    all: ['administration'],
  },
  { name: 'domains', paths: adminKindPaths('domains'), all: ['administration', 'administrationDomain'] },
  {
    name: 'SAML certificates',
    paths: adminKindPaths('samlcertificates'),
    all: ['administration', 'administrationSaml'],
  },
  { name: 'deleted items', paths: ['/administration/deleted'], any: [...BIN_FLAGS] },
  { name: 'audit trail', paths: ['/administration/audit'], all: ['administration', 'administrationDomain'] },
  { name: 'settings', paths: ['/administration/settings'], all: ['administration', 'administrationDomain'] },
  {
    name: 'identity providers',
    paths: ['/administration/identityproviders', '/administration/identityproviders/7'],
    all: ['administration', 'administrationSaml'],
  },
];

describe('route access (spec §6)', () => {
  for (const row of ROUTE_TABLE) {
    describe(row.name, () => {
      it.each(row.paths)('%s', (path) => {
        expect(canAccessPath(path, EVERY_FLAG)).toBe(true);
        if ('session' in row) {
          expect(canAccessPath(path, NO_FLAG)).toBe(true);
          return;
        }
        expect(canAccessPath(path, NO_FLAG)).toBe(false);
        if ('all' in row) {
          expect(canAccessPath(path, flags(...row.all))).toBe(true);
          for (const missing of row.all) {
            const others = PERMISSION_FLAGS.filter((flag) => flag !== missing);
            expect(canAccessPath(path, flags(...others)), `without ${missing}`).toBe(false);
          }
        } else {
          for (const one of row.any) expect(canAccessPath(path, flags(one)), `with only ${one}`).toBe(true);
          const none = PERMISSION_FLAGS.filter((flag) => !row.any.includes(flag));
          expect(canAccessPath(path, flags(...none))).toBe(false);
        }
      });
    });
  }

  it('covers every administration kind', () => {
    const covered = ROUTE_TABLE.flatMap((row) => row.paths);
    for (const kind of ADMIN_KINDS) expect(covered).toContain(`/administration/${kind}/edit/12/7`);
  });

  it('gives the deleted-items area to bin holders even without administration', () => {
    expect(canAccessPath(PATHS.administrationDeleted, flags('administration'))).toBe(false);
    expect(canAccessPath(PATHS.administrationDeleted, flags('typeBin'))).toBe(true);
  });

  it('lets a domain or SAML flag alone open nothing', () => {
    expect(canAccessPath('/administration/domains', flags('administrationDomain'))).toBe(false);
    expect(canAccessPath('/administration/samlcertificates', flags('administrationSaml'))).toBe(false);
  });

  it.each([
    '/nope',
    '/shippings/unknown/1',
    '/shippings/detail',
    '/shippings/detail/1/2',
    '/types/edit',
    '/templates/edit',
    '/administration/unknown',
    '/administration/widgets/create/1',
    '/administration/users/edit/1',
    '/imports',
    '/login',
    '/',
  ])('gives no access to the unlisted path %s', (path) => {
    expect(canAccessPath(path, EVERY_FLAG)).toBe(false);
  });

  it('ignores a trailing slash', () => {
    expect(canAccessPath('/types/', flags('types'))).toBe(true);
    expect(canAccessPath('/administration/deleted/', flags('userBin'))).toBe(true);
  });
});

describe('open paths', () => {
  it.each([
    '/',
    '/login',
    '/saml/samlCoreLogin/req/tok',
    '/saml/samlCoreLogin/req/tok/uuid-1',
    '/saml/samllogin',
    '/oauth/oauthlogin',
  ])('%s needs no login', (path) => {
    expect(isOpenPath(path)).toBe(true);
  });

  it.each(['/home', '/pwdrcvmail', '/saml/samlCoreLogin/req', '/oauth', '/account'])('%s is guarded', (path) => {
    expect(isOpenPath(path)).toBe(false);
  });
});

describe('matchesPattern', () => {
  it('matches parameters against one non-empty segment', () => {
    expect(matchesPattern('/types/edit/:id', '/types/edit/9')).toBe(true);
    expect(matchesPattern('/types/edit/:id', '/types/edit/')).toBe(false);
    expect(matchesPattern('/types/edit/:id', '/types/edit/9/10')).toBe(false);
    expect(matchesPattern('/', '')).toBe(true);
    expect(matchesPattern('/', '/home')).toBe(false);
  });
});

const entry = (key: string): TMenuEntry => {
  const found = MENU_ENTRIES.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no menu entry ${key}`);
  return found;
};
const visible = (key: string, permissions = NO_FLAG, roles: RoleKey[] = []) => entry(key).isVisible(permissions, roles);

describe('menu visibility (spec §6)', () => {
  it.each([
    ['MENU_NEW_SHIPPING', ['newSend', 'editMode']],
    ['MENU_IMPORT', ['shpImport', 'editMode']],
    ['MENU_IMPORT_TEMPLATE', ['shpImportTemplate', 'editMode']],
  ] as const)('%s needs %j', (key, needed) => {
    expect(visible(key, flags(...needed))).toBe(true);
    for (const missing of needed) {
      expect(visible(key, flags(...PERMISSION_FLAGS.filter((flag) => flag !== missing)))).toBe(false);
    }
  });

  it.each([
    ['MENU_SHIPPINGS', 'shippingList'],
    ['MENU_AUTHORISATIONS', 'shippingListOnlyAuth'],
    ['MENU_TEMPLATES', 'templates'],
    ['MENU_TYPES', 'types'],
    ['MENU_ADMINISTRATION', 'administration'],
  ] as const)('%s needs %s', (key, needed) => {
    expect(visible(key, flags(needed))).toBe(true);
    expect(visible(key, flags(...PERMISSION_FLAGS.filter((flag) => flag !== needed)))).toBe(false);
  });

  it("shows the imports list to managers, admins and domain admins holding shpImport (the route's flag) only", () => {
    for (const role of ['manager', 'admin', 'domainAdmin'] as const) {
      expect(visible('MENU_IMPORTS_LIST', flags('shpImport'), [role])).toBe(true);
      expect(visible('MENU_IMPORTS_LIST', NO_FLAG, [role])).toBe(false);
    }
    expect(visible('MENU_IMPORTS_LIST', EVERY_FLAG, ['user'])).toBe(false);
    expect(visible('MENU_IMPORTS_LIST', EVERY_FLAG, ['superAdmin'])).toBe(false);
    expect(visible('MENU_IMPORTS_LIST', EVERY_FLAG, [])).toBe(false);
  });

  it('shows the deleted items when any bin flag is held', () => {
    for (const bin of BIN_FLAGS) {
      expect(visible('MENU_DELETED', flags(bin))).toBe(true);
      expect(showsDeletedItems(flags(bin))).toBe(true);
    }
    const noBin = PERMISSION_FLAGS.filter((flag) => !(BIN_FLAGS as readonly string[]).includes(flag));
    expect(visible('MENU_DELETED', flags(...noBin))).toBe(false);
  });

  it('shows the audit trail to whoever may read it: administration with the domain flag', () => {
    expect(showsAuditTrail(flags('administration', 'administrationDomain'))).toBe(true);
    expect(showsAuditTrail(flags('administration'))).toBe(false);
    expect(showsAuditTrail(flags('administrationDomain'))).toBe(false);
  });

  it('shows account and FAQs to everyone signed in, home to shipping-list holders', () => {
    expect(visible('MENU_ACCOUNT')).toBe(true);
    expect(visible('MENU_FAQS')).toBe(true);
    expect(visible('MENU_HOME', flags('shippingListOnlyAuth'))).toBe(true);
    expect(visible('MENU_HOME', flags('administration'))).toBe(false);
  });
});

describe('menu and routes agree (spec §6)', () => {
  const FLAG_SETS: [string, TPermissionMap][] = [
    ['no flag', NO_FLAG],
    ['every flag', EVERY_FLAG],
    ...PERMISSION_FLAGS.map((flag): [string, TPermissionMap] => [`only ${flag}`, flags(flag)]),
    ...PERMISSION_FLAGS.map((flag): [string, TPermissionMap] => [
      `all but ${flag}`,
      flags(...PERMISSION_FLAGS.filter((other) => other !== flag)),
    ]),
  ];
  it.each(ROLE_KEYS)("every entry a %s sees opens its page, with the role's default flags or any other", (role) => {
    const sets: [string, TPermissionMap][] = [
      ['default flags', flags(...DEFAULT_PERMISSIONS_BY_ROLE[role])],
      ...FLAG_SETS,
    ];
    // The top menu's entries and the user menu's own (deleted items, audit trail, settings).
    const userMenu = [
      { key: 'MENU_DELETED', path: PATHS.administrationDeleted, isVisible: showsDeletedItems },
      { key: 'MENU_AUDIT', path: PATHS.administrationAudit, isVisible: showsAuditTrail },
      { key: 'MENU_SETTINGS', path: PATHS.administrationSettings, isVisible: showsSettings },
    ];
    const refused = sets.flatMap(([name, permissions]) => [
      ...MENU_ENTRIES.filter((candidate) => candidate.isVisible(permissions, [role]))
        .filter((candidate) => !canAccessPath(candidate.path, permissions))
        .map((candidate) => `${candidate.key} with ${name}`),
      ...userMenu
        .filter((candidate) => candidate.isVisible(permissions) && !canAccessPath(candidate.path, permissions))
        .map((candidate) => `${candidate.key} with ${name}`),
    ]);
    expect(refused).toEqual([]);
  });
});

const activeKeys = (path: string, search = '') =>
  MENU_ENTRIES.filter((candidate) => isMenuEntryActive(candidate, path, search)).map((candidate) => candidate.key);

describe('menu highlight (spec §2)', () => {
  it.each([
    ['/shippings/create', 'MENU_NEW_SHIPPING'],
    ['/shippings', 'MENU_SHIPPINGS'],
    ['/shippings/all', 'MENU_SHIPPINGS'],
    ['/shippings/detail/17', 'MENU_SHIPPINGS'],
    ['/imports-list', 'MENU_IMPORTS_LIST'],
    ['/shippings/import', 'MENU_IMPORT'],
    ['/shippings/import/template', 'MENU_IMPORT_TEMPLATE'],
    ['/templates', 'MENU_TEMPLATES'],
    ['/templates/create', 'MENU_TEMPLATES'],
    ['/templates/edit/3', 'MENU_TEMPLATES'],
    ['/types', 'MENU_TYPES'],
    ['/types/create', 'MENU_TYPES'],
    ['/types/edit/3', 'MENU_TYPES'],
    ['/administration', 'MENU_ADMINISTRATION'],
    ['/administration/users', 'MENU_ADMINISTRATION'],
    ['/administration/domains/edit/1/2', 'MENU_ADMINISTRATION'],
    ['/home', 'MENU_HOME'],
    ['/account', 'MENU_ACCOUNT'],
    ['/faqs', 'MENU_FAQS'],
    ['/administration/deleted', 'MENU_DELETED'],
  ])('%s highlights only %s', (path, key) => {
    expect(activeKeys(path)).toEqual([key]);
  });

  it('does not highlight administration on the deleted items', () => {
    expect(isMenuEntryActive(entry('MENU_ADMINISTRATION'), '/administration/deleted')).toBe(false);
  });

  it('tells the shipping list from the authorisations list by the query', () => {
    expect(activeKeys('/shippings', `?${AUTHORISATIONS_VIEW}`)).toEqual(['MENU_AUTHORISATIONS']);
    expect(activeKeys('/shippings', `?page=2&${AUTHORISATIONS_VIEW}`)).toEqual(['MENU_AUTHORISATIONS']);
    expect(activeKeys('/shippings', '?page=2')).toEqual(['MENU_SHIPPINGS']);
  });

  it('compares query parameters, not substrings', () => {
    expect(activeKeys('/shippings', '?preview=auth')).toEqual(['MENU_SHIPPINGS']);
    expect(activeKeys('/shippings', '?view=authors')).toEqual(['MENU_SHIPPINGS']);
    expect(hasQuery('?a=1&view=auth', 'view=auth')).toBe(true);
    expect(hasQuery('view=auth', 'view=auth')).toBe(true);
    expect(hasQuery('?view=authx', 'view=auth')).toBe(false);
  });

  it('matches sub-paths segment by segment', () => {
    expect(activeKeys('/templates/editor')).toEqual([]);
    expect(activeKeys('/types/createx')).toEqual([]);
    expect(activeKeys('/shippings/allx')).toEqual([]);
    expect(activeKeys('/templates/sms')).toEqual([]);
    expect(activeKeys('/shippings/create/5')).toEqual([]);
  });
});

describe('fallbackPathFor (spec §4)', () => {
  it('sends a super admin to administration and others home', () => {
    expect(fallbackPathFor(flags('administration'), true)).toBe('/administration');
    expect(fallbackPathFor(flags('shippingList'), false)).toBe('/home');
    expect(fallbackPathFor(flags('shippingListOnlyAuth'), false)).toBe('/home');
  });

  it('uses the account page when that target is itself not allowed', () => {
    expect(fallbackPathFor(flags('shippingList'), true)).toBe('/account');
    expect(fallbackPathFor(flags('administration'), false)).toBe('/account');
    expect(fallbackPathFor(NO_FLAG, false)).toBe('/account');
  });
});
