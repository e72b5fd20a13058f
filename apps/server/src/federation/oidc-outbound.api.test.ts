import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOidcProvider } from '../../test/oidc-fixtures.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';

/** With OUTBOUND_ALLOW_PRIVATE_HOSTS off (the default): every test peer of this file listens where it must not. */
let t: TTestApp;
let peer: Server;
let port = 0;
let hits = 0;
beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_HOSTS: 'false', PUBLIC_URL: 'http://sello.test/' });
  // Would answer anything it were asked; it must never be asked.
  peer = createServer((_request, response) => {
    hits += 1;
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  port = (peer.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => peer.close(resolve));
  await t.close();
});

const provider = (name: string, oidcIssuer: string) => ({
  kind: 'oidc',
  name,
  emailDomains: [`${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`],
  oidcIssuer,
  oidcClientId: 'sello-console',
  oidcClientSecret: 'a-secret',
});

describe('outbound URLs with private hosts not allowed', () => {
  it('refuses to save an issuer on a loopback, private or link-local address, with a key on the field', async () => {
    const admin = await signedInClient(t.app, 'domain.admin');
    const issuers = [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      'http://10.0.0.1',
      'http://169.254.169.254',
      `http://[::1]:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
    ];
    for (const [index, issuer] of issuers.entries()) {
      const name = `Refused ${index}`;
      const answer = await admin.post('administration/identityProviders/new', provider(name, issuer));
      expect(answer.statusCode, issuer).toBe(400);
      expect(answer.json(), issuer).toEqual({
        key: 'ERR_VALIDATION',
        fields: { oidcIssuer: 'ERR_OUTBOUND_URL_REFUSED' },
      });
      const rows = await t.database.db.selectFrom('identity_providers').select('id').where('name', '=', name).execute();
      expect(rows, issuer).toEqual([]);
    }
    expect(hits).toBe(0);
  });

  it('refuses to save an issuer whose host name does not resolve', async () => {
    const admin = await signedInClient(t.app, 'domain.admin');
    const answer = await admin.post('administration/identityProviders/new', provider('Nowhere', 'https://idp.invalid'));
    expect(answer.json()).toEqual({ key: 'ERR_VALIDATION', fields: { oidcIssuer: 'ERR_OUTBOUND_HOST_UNKNOWN' } });
  });

  it('never fetches a stored issuer that names such a host (by address or by a name resolving to it)', async () => {
    const issuers = [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::ffff:7f00:1]:${port}`];
    for (const [index, issuer] of issuers.entries()) {
      const id = await insertOidcProvider(t, {
        domain: 'DEMO',
        issuer,
        clientId: 'sello-console',
        clientSecret: 'a-secret',
        emailDomains: [`stored-${index}.example`],
        name: `Stored ${issuer}`,
      });
      const answer = await new TestClient(t.app).get(`security/OAuthAccess?provider=${id}`);
      expect(answer.statusCode, issuer).toBe(502);
      expect(answer.json(), issuer).toEqual({ key: 'ERR_OUTBOUND_URL_REFUSED' });
    }
    expect(hits).toBe(0);
  });
});
