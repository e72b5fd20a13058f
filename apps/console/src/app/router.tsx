import { ADMIN_KINDS, type AdminKind, adminPaths, PATHS } from '@sello/contracts/routes';
import type { ComponentType } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { AppShell } from './app-shell.tsx';
import { GuardedRoute } from './guarded-route.tsx';

type TScreenModule = { default: ComponentType };

/** A guarded screen, loaded on demand together with the query cache the signed-in screens share. */
function guarded(path: string, load: () => Promise<TScreenModule>): RouteObject {
  return {
    path,
    lazy: async () => {
      const [{ default: Screen }, { QueryProvider }] = await Promise.all([load(), import('../api/query-provider.tsx')]);
      return {
        Component: () => (
          <QueryProvider>
            <GuardedRoute>
              <Screen />
            </GuardedRoute>
          </QueryProvider>
        ),
      };
    },
  };
}

const loadAdministration = () => import('../features/administration/administration-page.tsx');

/** The create and edit screen of each administration kind. */
const ADMIN_FORMS: Record<AdminKind, () => Promise<TScreenModule>> = {
  domains: () => import('../features/administration/domains/domain-form-page.tsx'),
  companies: () => import('../features/administration/companies/company-form-page.tsx'),
  users: () => import('../features/administration/users/user-form-page.tsx'),
  groups: () => import('../features/administration/groups/group-form-page.tsx'),
  certificates: () => import('../features/administration/certificates/certificate-form-page.tsx'),
  samlcertificates: () => import('../features/administration/saml-certificates/saml-certificate-form-page.tsx'),
};

/** Spec §2: `/administration`, the deleted items, and the list, list per domain, create and edit of each kind. */
const ADMINISTRATION_ROUTES: RouteObject[] = [
  guarded(PATHS.administration, loadAdministration),
  guarded(PATHS.administrationDeleted, () => import('../features/administration/deleted/deleted-items-page.tsx')),
  guarded(PATHS.administrationPostal, () => import('../features/postal/postal-page.tsx')),
  guarded(PATHS.administrationAudit, () => import('../features/administration/audit/audit-page.tsx')),
  guarded(PATHS.administrationIdentityProviders, loadAdministration),
  guarded(PATHS.administrationIdentityProvidersByDomain, loadAdministration),
  guarded(PATHS.administrationSettings, () => import('../features/administration/settings/settings-page.tsx')),
  ...ADMIN_KINDS.flatMap((kind) => {
    const paths = adminPaths(kind);
    return [
      guarded(paths.list, loadAdministration),
      guarded(paths.listByDomain, loadAdministration),
      guarded(paths.create, ADMIN_FORMS[kind]),
      guarded(paths.edit, ADMIN_FORMS[kind]),
    ];
  }),
];

/** Guarded screens that exist today; a route is registered once its screen exists. */
const loadShippingsList = () => import('../features/shippings/list/shippings-list-page.tsx');

const loadShippingCreate = () => import('../features/shippings/create/shipping-create-page.tsx');

const loadTypeForm = () => import('../features/types/type-form-page.tsx');
const loadTemplatesList = () => import('../features/templates/templates-list-page.tsx');
const loadTemplateEdit = () => import('../features/templates/template-edit-page.tsx');

const GUARDED_ROUTES: RouteObject[] = [
  guarded(PATHS.home, () => import('../features/shippings/dashboard/dashboard-page.tsx')),
  guarded(PATHS.shippings, loadShippingsList),
  guarded(PATHS.shippingsAll, loadShippingsList),
  guarded(PATHS.shippingCreate, loadShippingCreate),
  guarded(PATHS.shippingCopy, loadShippingCreate),
  guarded(PATHS.shippingDetail, () => import('../features/shippings/detail/shipping-detail-page.tsx')),
  guarded(PATHS.shippingImport, () => import('../features/imports/import-file-page.tsx')),
  guarded(PATHS.shippingImportTemplate, () => import('../features/imports/import-template-page.tsx')),
  guarded(PATHS.importsList, () => import('../features/imports/imports-list-page.tsx')),
  guarded(PATHS.account, () => import('../features/account/account-page.tsx')),
  guarded(PATHS.faqs, () => import('../features/faqs/faqs-page.tsx')),
  guarded(PATHS.types, () => import('../features/types/types-list-page.tsx')),
  guarded(PATHS.typeCreate, loadTypeForm),
  guarded(PATHS.typeEdit, loadTypeForm),
  guarded(PATHS.templates, loadTemplatesList),
  guarded(PATHS.templatesSms, loadTemplatesList),
  guarded(PATHS.templateCreate, loadTemplateEdit),
  guarded(PATHS.templateEdit, loadTemplateEdit),
  ...ADMINISTRATION_ROUTES,
];

const registeredPaths = new Set(GUARDED_ROUTES.map((route) => route.path));

/**
 * Spec §2: unknown paths fall back to the shippings list, which is guarded. Until that screen is
 * registered the guard's own fallback (home or administration) is used instead.
 */
export const UNKNOWN_PATH_TARGET = registeredPaths.has(PATHS.shippings) ? PATHS.shippings : PATHS.home;

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: PATHS.root, element: <Navigate to={PATHS.login} replace /> },
      {
        path: PATHS.login,
        lazy: async () => ({ Component: (await import('../features/login/login-page.tsx')).default }),
      },
      ...[PATHS.samlCoreLogin, PATHS.samlCoreLoginUuid].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../features/login/core-login-page.tsx')).default }),
      })),
      {
        path: PATHS.samlLogin,
        lazy: async () => ({ Component: (await import('../features/login/saml-login-page.tsx')).default }),
      },
      {
        path: PATHS.oauthLogin,
        lazy: async () => ({ Component: (await import('../features/login/oauth-login-page.tsx')).default }),
      },
      {
        path: PATHS.passwordRecovery,
        lazy: async () => ({ Component: (await import('../features/login/password-recovery-page.tsx')).default }),
      },
      {
        path: PATHS.domainVerification,
        lazy: async () => ({ Component: (await import('../features/login/domain-verification-page.tsx')).default }),
      },
      ...[PATHS.certificateVerification, PATHS.certificateVerificationCode].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../features/verification/certificate-verification-page.tsx')).default,
        }),
      })),
      ...GUARDED_ROUTES,
      { path: '*', element: <Navigate to={UNKNOWN_PATH_TARGET} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
