import { createHash, randomBytes } from 'node:crypto';
import type { TFederatedProvider } from '@sello/contracts/catalogue/security';
import type { TAppContext } from '../app-context.ts';
import { ApiError } from '../platform/api-error.ts';
import { outboundPolicyOf } from '../platform/outbound-url.ts';
import { hashToken } from '../platform/tokens.ts';
import { createShippingsService } from '../shippings/shippings.service.ts';
import { isSameBrowser, type TFinishingBrowser } from './flow-cookies.ts';
import {
  consumeOidcFlow,
  insertOidcFlow,
  selectFlowShipping,
  selectOidcProvider,
  selectProviderByEmailDomain,
  selectUsersByEmail,
} from './oidc.queries.ts';
import { openClientSecret } from './oidc-client-secret.ts';
import { createOidcPeer, type TOidcPeer } from './oidc-peer.ts';
import { findVisibleShippingId } from './visible-shipping.ts';

/** How long a sign-in begun with `OAuthAccess` may take at the provider. */
export const OIDC_FLOW_SECONDS = 600;
/** The console route the provider sends the browser back to (spec §2), served first by the server. */
export const OIDC_CALLBACK_PATH = 'oauth/oauthlogin';
export const SAML_START_PATH = '/rest/services/security/saml/start';

const random = () => randomBytes(32).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const refused = (key: ConstructorParameters<typeof ApiError>[1]) => new ApiError(401, key);

type TFinish = { token: string; shippingGuid: string | null };

/**
 * OpenID Connect sign-in (docs/decisions/federation.md "OpenID Connect"): authorization code with PKCE (S256), state and
 * nonce kept in PostgreSQL and the state bound to the starting browser by a cookie; the ID token is checked
 * against the provider's keys before anyone is signed in.
 */
export function createOidcService(
  ctx: Pick<TAppContext, 'db' | 'security' | 'preferences' | 'certificateKey' | 'config'>,
  peer: TOidcPeer = createOidcPeer(outboundPolicyOf(ctx.config)),
) {
  const { db, security, preferences, certificateKey } = ctx;
  const shippings = createShippingsService(db);

  async function federatedProvider(email: string): Promise<TFederatedProvider> {
    const emailDomain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    const row = await selectProviderByEmailDomain(db, emailDomain);
    if (!row) throw new ApiError(404, 'ERR_IDP_NOT_FOUND');
    const id = Number(row.id);
    const url =
      row.kind === 'saml' ? `${SAML_START_PATH}?provider=${id}` : `/rest/services/security/OAuthAccess?provider=${id}`;
    return { provider: id, kind: row.kind, name: row.name, url };
  }

  async function loadProvider(id: number | string) {
    const provider = await selectOidcProvider(db, id);
    if (!provider?.issuer || !provider.clientId || !provider.clientSecretSealed) {
      throw new ApiError(404, 'ERR_IDP_NOT_FOUND');
    }
    return { ...provider, issuer: provider.issuer, clientId: provider.clientId, sealed: provider.clientSecretSealed };
  }

  /** `OAuthAccess`: records the flow; answers the provider's authorization URL and the state the browser keeps. */
  async function oauthAccess(query: {
    provider: number;
    uuid?: string | undefined;
  }): Promise<{ url: string; state: string }> {
    const provider = await loadProvider(query.provider);
    const discovery = await peer.discover(provider.issuer);
    const state = random();
    const nonce = random();
    const codeVerifier = random();
    const redirectUri = `${await preferences.consoleUrl()}${OIDC_CALLBACK_PATH}`;
    await insertOidcFlow(db, {
      stateHash: hashToken(state),
      providerId: provider.id,
      nonce,
      codeVerifier,
      redirectUri,
      shippingGuid: query.uuid ?? null,
      seconds: OIDC_FLOW_SECONDS,
    });
    const url = new URL(discovery.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: s256(codeVerifier),
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.toString(), state };
  }

  /** Where the server sends the browser the provider returned: the console route with the query as `token`. */
  async function consoleReturn(rawQuery: string): Promise<string> {
    const state = new URLSearchParams(rawQuery).get('state');
    const guid = state ? await selectFlowShipping(db, hashToken(state)) : null;
    const route = new URLSearchParams({ token: rawQuery, ...(guid && { id: guid }) });
    return `${await preferences.consoleUrl()}#/${OIDC_CALLBACK_PATH}?${route.toString()}`;
  }

  async function finish(request: TFinish, { client, trustToken, flowState }: TFinishingBrowser) {
    const params = new URLSearchParams(request.token);
    const state = params.get('state');
    // Login CSRF: a state this browser never received (another's flow, handed to it) is not consumed, only refused.
    if (state && !isSameBrowser(flowState, state)) throw refused('ERR_FEDERATED_OTHER_BROWSER');
    const flow = state ? await consumeOidcFlow(db, hashToken(state)) : undefined;
    if (!flow || flow.shippingGuid !== request.shippingGuid) throw refused('ERR_OIDC_STATE_INVALID');
    const code = params.get('code');
    if (params.has('error') || !code) throw refused('ERR_OIDC_PROVIDER_ERROR');
    const provider = await loadProvider(flow.providerId);
    const discovery = await peer.discover(provider.issuer);
    const idToken = await peer.exchangeCode(
      discovery,
      { id: provider.clientId, secret: openClientSecret(provider.sealed, certificateKey) },
      { code, redirectUri: flow.redirectUri, codeVerifier: flow.codeVerifier },
    );
    const claims = await peer.verifyIdToken(idToken, discovery, { clientId: provider.clientId, nonce: flow.nonce });
    if (claims.email_verified !== true) throw refused('ERR_OIDC_EMAIL_UNVERIFIED');
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    const emailDomain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    if (!email.includes('@') || !provider.emailDomains.includes(emailDomain)) throw refused('ERR_OIDC_EMAIL_DOMAIN');
    const users = await selectUsersByEmail(db, provider.domainId, email);
    // Never created silently; an e-mail two users share names nobody for sure.
    if (users.length !== 1) throw refused('ERR_OIDC_USER_UNKNOWN');
    const user = users[0]!;
    // Wrong passwords delay their source only (security/login-lock.ts): the provider stands for the password.
    if (!user.active || user.blocked) throw new ApiError(403, 'ERR_OIDC_USER_BLOCKED');
    return security.signInFederated(user.id, client, {
      trustToken,
      providerName: provider.name,
      providerVouches: provider.trustIdpSecondFactor,
      configuredRank: provider.configuredRank,
      refusal: 'ERR_OIDC_USER_UNKNOWN',
      blockedKey: 'ERR_OIDC_USER_BLOCKED',
    });
  }

  /** `oauthlogin {token}`: `token` is the query string the provider returned (`code`, `state` or `error`). */
  function oauthLogin(body: { token: string }, browser: TFinishingBrowser) {
    return finish({ token: body.token, shippingGuid: null }, browser);
  }

  /** `oauthloginWp {token, id}`: the same, for a flow begun with `OAuthAccess?uuid`; `id` is that shipping's guid. */
  async function oauthLoginWp(body: { token: string; id: string }, browser: TFinishingBrowser) {
    const answer = await finish({ token: body.token, shippingGuid: body.id }, browser);
    if ('twoFactorRequired' in answer) return answer;
    return { ...answer, shippingId: await findVisibleShippingId({ db, security, shippings }, answer.token, body.id) };
  }

  return { federatedProvider, oauthAccess, consoleReturn, oauthLogin, oauthLoginWp };
}
