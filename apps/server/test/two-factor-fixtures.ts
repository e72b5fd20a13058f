import { COOKIES } from '@sello/contracts/constants';
import { TWO_FACTOR } from '@sello/contracts/two-factor';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../src/demo/demo-password.ts';
import type { TestClient, TTestApp } from './test-app.ts';
import { currentTotp } from './totp-reference.ts';

/** Enrols the signed-in user's authenticator as the account screen does; answers its key and recovery codes. */
export async function enrolAuthenticator(client: TestClient) {
  const started = await client.post('account/twoFactor/enrol');
  if (started.statusCode !== 200) throw new Error(`enrol: ${started.statusCode} ${started.body}`);
  const { secret } = started.json() as { secret: string };
  const confirmed = await client.post('account/twoFactor/confirm', { code: currentTotp(secret) });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  return { secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** The password step, with the 'trust this browser' cookie when given. */
export function passwordStep(client: TestClient, login: string, trustCookie?: string) {
  return client.call(
    'POST',
    'security/login',
    { login, password: DEMO_PASSWORD },
    { cookie: `${COOKIES.xsrf}=${client.xsrf}${trustCookie ? `; ${TWO_FACTOR.trustCookie}=${trustCookie}` : ''}` },
  );
}

export async function challengeOf(client: TestClient, login: string, trustCookie?: string): Promise<string> {
  const response = await passwordStep(client, login, trustCookie);
  const body = response.json();
  if (!body.challenge) throw new Error(`no challenge for ${login}: ${response.body}`);
  return body.challenge as string;
}

export function trustCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === TWO_FACTOR.trustCookie)?.value;
}

/**
 * The authenticator's code of this step was spent by the last sign-in; a real user waits 30 s for the
 * next one. The tests forget the spent step instead of waiting.
 */
export async function letTimePass(t: TTestApp, username: string) {
  await t.database.db
    .updateTable('user_two_factor')
    .set({ last_step: null })
    .where('user_id', 'in', t.database.db.selectFrom('users').select('id').where('username', '=', username))
    .execute();
}
