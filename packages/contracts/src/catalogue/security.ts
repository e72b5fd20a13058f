import { z } from 'zod';
import { ZId, ZLanguage, ZOk } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZPermissionMap } from '../permissions.ts';
import { ZTwoFactorChallenge, ZTwoFactorLoginRequest } from '../two-factor.ts';

/**
 * Login payload of spec §3. `password` carries the password; `passwordsha` and `pass` are legacy
 * fields the original console filled with derived values: accepted for compatibility, never used.
 */
export const ZLoginRequest = z.object({
  login: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(50),
  password: z.string().min(1, 'ERR_FIELD_REQUIRED').max(200),
  passwordsha: z.string().max(200).optional(),
  pass: z.string().max(200).optional(),
  browser: z.string().max(500).optional(),
  resolution: z.string().max(50).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** The signed-in user as the console stores it (spec §3), plus what the shell shows. */
export const ZSessionUser = z.object({
  id: z.number().int(),
  userid: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  customLogo: z.string().nullable(),
  additionalFields: z.record(z.string(), z.string()),
  permissions: ZPermissionMap,
  superAdmin: z.boolean(),
  isSandbox: z.boolean(),
  language: ZLanguage,
  domainId: z.number().int(),
  domainName: z.string(),
  /** Session expiry, epoch milliseconds. */
  expiration: z.number().int(),
  token: z.string(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZTokenRefresh = z.object({ token: z.string(), expiration: z.number().int() });

export const ZUtilityServlet = z.object({
  /** Base URL of the API host; empty means the console's own origin. */
  host: z.string(),
  version: z.string(),
  production: z.boolean(),
  /** The configured minimum password length (password-policy.ts): the console checks as the user types. */
  passwordMinLength: z.number().int(),
});

const ZPasswordRecoverRequest = z.object({
  login: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(50, 'ERR_FIELD_TOO_LONG'),
  language: ZLanguage,
});
const ZRecoveryTokens = z.object({ recoveryToken: z.string().min(1).max(100), loginToken: z.string().min(1).max(100) });
/** The policy (password-policy.ts) is checked by the service, each broken rule with its own key; this only bounds the size. */
const ZNewPassword = z.string().min(1, 'ERR_FIELD_REQUIRED').max(1000, 'ERR_PWD_TOO_LONG');

/** What `pwdrecoverlogin` answers: whose link it is and a token good for nothing but `pwdchg`. */
export const ZRecoveryLogin = z.object({
  id: z.number(),
  userid: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  token: z.string(),
});
export type TRecoveryLogin = z.infer<typeof ZRecoveryLogin>;

/** What the core platform asks for: whose sign-in, and optionally which shipping (its guid) the link opens. */
export const ZCoreHandoverRequest = z.object({
  login: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(50),
  uuid: z.uuid().optional(),
});
/** The one-time hand-over: the console path the browser is sent to carries both values (valid 60 s, single use). */
export const ZCoreHandover = z.object({
  requestHash: z.string(),
  tokenHash: z.string(),
  path: z.string(),
  expiration: z.number().int(),
});
export type TCoreHandover = z.infer<typeof ZCoreHandover>;

/** The largest base64 SAMLResponse accepted (a signed response with attributes is a few kilobytes). */
export const SAML_RESPONSE_MAX_LENGTH = 200_000;

/** `token` of `oauthlogin`: the query string the provider sent back to `/oauth/oauthlogin` (`code=…&state=…`). */
const ZOAuthLoginRequest = z.object({ token: z.string().min(1, 'ERR_FIELD_REQUIRED').max(4000) });

/** Where 'Sign in with your organisation' goes: OpenID Connect starts with `OAuthAccess?provider`, SAML at `url`. */
export const ZFederatedProvider = z.object({
  provider: z.number().int(),
  kind: z.enum(['saml', 'oidc']),
  name: z.string(),
  /** For SAML the server route to open; for OpenID Connect the `OAuthAccess` call to make. */
  url: z.string(),
});
export type TFederatedProvider = z.infer<typeof ZFederatedProvider>;

export const securityApi = {
  login: defineEndpoint({
    id: 'security.login',
    method: 'POST',
    path: 'security/login',
    summary: 'Sign in with user and password',
    permission: 'public',
    body: ZLoginRequest,
    // After a right password, either the session or the second-factor challenge (see two-factor.ts).
    response: z.union([ZSessionUser, ZTwoFactorChallenge]),
  }),
  samlCoreLogin: defineEndpoint({
    id: 'security.samlCoreLogin',
    method: 'POST',
    path: 'security/saml/coreLogin',
    summary: 'Sign in from a hand-over of the core platform (docs/decisions/federation.md "Core hand-over")',
    permission: 'public',
    body: z.object({
      requestHash: z.string().min(1).max(100),
      tokenHash: z.string().min(1).max(100),
      uuid: z.uuid().optional(),
    }),
    // The same second factor as a password sign-in may follow (two-factor.ts). `shippingId`: the shipping the
    // hand-over names, when the user may see it.
    response: z.union([ZSessionUser.extend({ shippingId: z.number().int().nullable() }), ZTwoFactorChallenge]),
  }),
  coreHandover: defineEndpoint({
    id: 'security.coreHandover',
    method: 'POST',
    path: 'security/saml/coreHandover',
    summary: 'The core platform obtains a one-time hand-over for a user (body signed with CORE_HANDOVER_SECRET)',
    permission: 'public',
    beyondSpec: true,
    body: ZCoreHandoverRequest,
    response: ZCoreHandover,
  }),
  samlLogin: defineEndpoint({
    id: 'security.samlLogin',
    method: 'POST',
    path: 'security/saml/samllogin',
    summary:
      'Sign in with a SAML response the identity provider posted to the ACS (docs/decisions/federation.md "SAML sign-in")',
    permission: 'public',
    // The base64 SAMLResponse as the IdP posted it: the console route takes it from the URL fragment.
    body: z.object({ saml_assertion: z.string().min(1).max(SAML_RESPONSE_MAX_LENGTH, 'ERR_SAML_INVALID') }),
    // Sello's own second factor may follow, unless the provider is trusted for it (two-factor.ts).
    response: z.union([ZSessionUser, ZTwoFactorChallenge]),
  }),
  oauthLogin: defineEndpoint({
    id: 'security.oauthLogin',
    method: 'POST',
    path: 'security/oauth/oauthlogin',
    summary: 'Finish an OpenID Connect sign-in: `token` is the query string the provider returned (code and state)',
    permission: 'public',
    body: ZOAuthLoginRequest,
    response: z.union([ZSessionUser, ZTwoFactorChallenge]),
  }),
  oauthLoginWp: defineEndpoint({
    id: 'security.oauthLoginWp',
    method: 'POST',
    path: 'security/oauth/oauthloginWp',
    summary: 'Finish an OpenID Connect sign-in begun for a shipping: `id` is its guid (docs/decisions/federation.md)',
    permission: 'public',
    body: ZOAuthLoginRequest.extend({ id: z.uuid() }),
    response: z.union([ZSessionUser.extend({ shippingId: z.number().int().nullable() }), ZTwoFactorChallenge]),
  }),
  federatedProvider: defineEndpoint({
    id: 'security.federatedProvider',
    method: 'GET',
    path: 'security/federation/provider',
    summary:
      "The identity provider of an e-mail's domain and where its sign-in starts ('Sign in with your organisation')",
    permission: 'public',
    beyondSpec: true,
    query: z.object({ email: z.email('ERR_EMAIL_INVALID').max(254, 'ERR_FIELD_TOO_LONG') }),
    response: ZFederatedProvider,
  }),
  verifyEmailDomain: defineEndpoint({
    id: 'security.verifyEmailDomain',
    method: 'POST',
    path: 'security/federation/verifyEmailDomain',
    summary: "Follow a link mailed to an administrator mailbox of an e-mail domain: verifies the provider's claim",
    permission: 'public',
    beyondSpec: true,
    body: z.object({ token: z.string().min(1, 'ERR_FIELD_REQUIRED').max(100, 'ERR_FIELD_TOO_LONG') }),
    response: z.object({ emailDomain: z.string(), providerName: z.string(), domainName: z.string() }),
  }),
  pwdRecover: defineEndpoint({
    id: 'security.pwdRecover',
    method: 'POST',
    path: 'security/pwdrecover',
    summary: 'Send a password-recovery e-mail',
    permission: 'public',
    body: ZPasswordRecoverRequest,
    response: ZOk,
  }),
  pwdRecoverLogin: defineEndpoint({
    id: 'security.pwdRecoverLogin',
    method: 'POST',
    path: 'security/pwdrecoverlogin',
    summary: 'Check a recovery link',
    permission: 'public',
    body: ZRecoveryTokens,
    response: ZRecoveryLogin,
  }),
  pwdChange: defineEndpoint({
    id: 'security.pwdChange',
    method: 'POST',
    path: 'security/pwdchg',
    summary: 'Set a new password from a recovery link (the auth-token header carries the pwdrecoverlogin token)',
    permission: 'public',
    body: ZRecoveryTokens.extend({ newpassword: ZNewPassword, pass: z.string().max(200).optional() }),
    response: ZOk,
  }),
  pwdExpired: defineEndpoint({
    id: 'security.pwdExpired',
    method: 'POST',
    path: 'security/pwdExpired',
    summary: 'Change an expired password and sign in',
    permission: 'public',
    body: ZLoginRequest.pick({ login: true, password: true, passwordsha: true, pass: true }).extend({
      newpassword: ZNewPassword,
      newconfirmpassword: ZNewPassword,
    }),
    response: z.union([ZSessionUser, ZTwoFactorChallenge]),
  }),
  logout: defineEndpoint({
    id: 'security.logout',
    method: 'GET',
    path: 'security/logout',
    summary: 'End the session',
    permission: 'session',
    response: ZOk,
  }),
  refreshToken: defineEndpoint({
    id: 'security.refreshToken',
    method: 'GET',
    path: 'security/refreshToken',
    summary: 'Rotate the session token and extend its expiry',
    permission: 'session',
    response: ZTokenRefresh,
  }),
  twoFactorLogin: defineEndpoint({
    id: 'security.twoFactorLogin',
    method: 'POST',
    path: 'security/twoFactorLogin',
    summary: 'Second sign-in step with a one-time code',
    permission: 'public',
    body: ZTwoFactorLoginRequest,
    response: ZSessionUser,
  }),
  oauthAccess: defineEndpoint({
    id: 'security.oauthAccess',
    method: 'GET',
    path: 'security/OAuthAccess',
    summary:
      'Start an OpenID Connect sign-in with a provider; `uuid`: the shipping it opens (docs/decisions/federation.md)',
    permission: 'public',
    query: z.object({ provider: ZId, uuid: z.uuid().optional() }),
    response: z.object({ url: z.string() }),
  }),
  utilityServlet: defineEndpoint({
    id: 'security.utilityServlet',
    method: 'GET',
    path: 'security/UtilityServlet',
    summary: 'Where the API lives and which version answers',
    permission: 'public',
    response: ZUtilityServlet,
  }),
} as const;
