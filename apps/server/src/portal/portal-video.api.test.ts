import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchForTest, eventsOf, portalCall } from '../../test/portal-fixtures.ts';
import { createShippingTestApp } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { webmBytes, webmDataUrl } from '../../test/video-fixtures.ts';

let t: TTestApp;
let user: TestClient;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
});
afterAll(() => t.close());

const video = (content = webmDataUrl(), consent: unknown = true) => ({ content, consent, language: 'pt-pt' });

describe('unattended video identification', () => {
  it('stores the recording by its bytes with its hash and serves it to the sender', async () => {
    const sent = await dispatchForTest(t, user, 'Remote onboarding');
    const [token] = sent.tokens as [string];
    const early = await portalCall(t, token, 'POST', 'identification/video', video());
    expect(early.statusCode).toBe(409);
    await portalCall(t, token, 'POST', 'identification/start');
    const view = (await portalCall(t, token, 'GET', 'shipping')).json();
    expect(view.identification).toMatchObject({ videoRequired: true, videoRecorded: false });

    const noConsent = await portalCall(t, token, 'POST', 'identification/video', video(webmDataUrl(), false));
    expect(noConsent.statusCode).toBe(400);
    const notVideo = await portalCall(
      t,
      token,
      'POST',
      'identification/video',
      video(`data:video/webm;base64,${Buffer.alloc(4096, 0x25).toString('base64')}`),
    );
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.json().key).toBe('ERR_FILE_TYPE');
    const tiny = await portalCall(t, token, 'POST', 'identification/video', video(webmDataUrl(100)));
    expect(tiny.json().key).toBe('ERR_MAX_FILE_SIZE');
    const missing = await user.get(`shippings/shippingUrlVideoDownload?requestId=${sent.shippingId}`);
    expect(missing.json()).toEqual({ key: 'ERR_NO_VIDEO' });

    const recording = webmDataUrl(6000, 0x37);
    const stored = await portalCall(t, token, 'POST', 'identification/video', video(recording));
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().identification.videoRecorded).toBe(true);
    const bytes = webmBytes(recording);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const document = await t.database.db
      .selectFrom('shipping_documents')
      .select(['sha256', 'mime_type', 'receiver_id', 'position'])
      .where('shipping_id', '=', String(sent.shippingId))
      .where('kind', '=', 'video')
      .executeTakeFirstOrThrow();
    expect(document).toMatchObject({ sha256, mime_type: 'video/webm', receiver_id: sent.receiverIds[0] });
    expect((await t.ctx.blobs.read(sha256)).equals(bytes)).toBe(true);
    const recorded = (await eventsOf(t, sent.shippingId)).find((event) => event.action === 'videoRecorded');
    expect(recorded?.details).toMatchObject({
      sha256,
      consent: true,
      consentLanguage: 'pt-pt',
      mimeType: 'video/webm',
    });

    const link = (await user.get(`shippings/shippingUrlVideoDownload?requestId=${sent.shippingId}`)).json();
    expect(link.url).toBe(
      `/rest/services/shippings/shippingreadoriginalfile?requestId=${sent.shippingId}&fileRequest=${document.position}`,
    );
    const served = await user.get(link.url.replace('/rest/services/', ''));
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const acme = await signedInClient(t.app, 'acme.admin');
    expect((await acme.get(`shippings/shippingUrlVideoDownload?requestId=${sent.shippingId}`)).statusCode).toBe(404);
  });

  it('finishing needs the recording; other services take none', async () => {
    const sent = await dispatchForTest(t, user, 'Remote onboarding');
    const [token] = sent.tokens as [string];
    await portalCall(t, token, 'POST', 'identification/start');
    const jpeg = Buffer.alloc(4096, 0x11);
    jpeg.set([0xff, 0xd8, 0xff, 0xe0]);
    for (const kind of ['DNI_NIE', 'SELFIE']) {
      const content = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
      expect((await portalCall(t, token, 'POST', 'identification/captures', { kind, content })).statusCode).toBe(200);
    }
    const finish = await portalCall(t, token, 'POST', 'identification/finish');
    expect(finish.statusCode).toBe(400);
    expect(finish.json()).toMatchObject({ key: 'ERR_VALIDATION', fields: { video: 'ERR_FIELD_REQUIRED' } });
    await portalCall(t, token, 'POST', 'identification/video', video());
    expect((await portalCall(t, token, 'POST', 'identification/finish')).json().outcome).toBe('accepted');

    const card = await dispatchForTest(t, user, 'ID card verification');
    await portalCall(t, card.tokens[0]!, 'POST', 'identification/start');
    const refused = await portalCall(t, card.tokens[0]!, 'POST', 'identification/video', video());
    expect(refused.statusCode).toBe(409);
  });
});
