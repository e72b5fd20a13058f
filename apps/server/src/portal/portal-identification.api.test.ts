import { describe, expect, it } from 'vitest';
import { dispatchForTest, eventsOf, portalCall, shippingRow } from '../../test/portal-fixtures.ts';
import { webmDataUrl } from '../../test/video-fixtures.ts';
import { jpeg, setUpPortalTestApp, t, user } from './portal.test-setup.ts';

setUpPortalTestApp();

describe('identification', () => {
  it('moves through the substates to PENDING_CLOSE and closes as accepted', async () => {
    const sent = await dispatchForTest(t, user, 'Remote onboarding');
    const [token] = sent.tokens as [string];
    const view = (await portalCall(t, token, 'GET', 'shipping')).json();
    expect(view).toMatchObject({ mode: 'identification', identification: { substate: null, otherLimit: 7 } });
    const early = await portalCall(t, token, 'POST', 'identification/captures', { kind: 'SELFIE', content: jpeg() });
    expect(early.statusCode).toBe(409);

    const started = (await portalCall(t, token, 'POST', 'identification/start')).json();
    expect(started.identification.substate).toBe('WELCOME_PAGE_ACCEPTED');
    const incomplete = (await portalCall(t, token, 'POST', 'identification/finish')).json();
    expect(incomplete.identification.substate).toBe('IDCARD_SAVING_IDENTITY_MISSING');

    const bad = await portalCall(t, token, 'POST', 'identification/captures', {
      kind: 'DNI_NIE',
      content: `data:image/jpeg;base64,${Buffer.from('%PDF-1.7 not an image at all').toString('base64')}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ key: 'ERR_FILE_TYPE', params: { failuresLeft: 4 } });
    expect((await shippingRow(t, sent.shippingId)).substate).toBe('IDCARD_SAVING_IDENTITY_ERROR');
    const tiny = await portalCall(t, token, 'POST', 'identification/captures', { kind: 'DNI_NIE', content: jpeg(100) });
    expect(tiny.json().key).toBe('ERR_MAX_FILE_SIZE');

    const dni = await portalCall(t, token, 'POST', 'identification/captures', { kind: 'DNI_NIE', content: jpeg() });
    expect(dni.statusCode).toBe(200);
    expect(dni.json().identification.substate).toBe('IDCARD_READING');
    await portalCall(t, token, 'POST', 'identification/captures', { kind: 'SELFIE', content: jpeg(5000) });
    for (let index = 0; index < 7; index += 1) {
      const other = await portalCall(t, token, 'POST', 'identification/captures', {
        kind: 'OTHER',
        content: jpeg(2000 + index),
      });
      expect(other.statusCode).toBe(200);
    }
    const eighth = await portalCall(t, token, 'POST', 'identification/captures', {
      kind: 'OTHER',
      content: jpeg(3000),
    });
    expect(eighth.statusCode).toBe(400);
    expect(eighth.json().key).toBe('ERR_TOO_MANY_ITEMS');

    const video = { content: webmDataUrl(), consent: true, language: 'es-es' };
    expect((await portalCall(t, token, 'POST', 'identification/video', video)).statusCode).toBe(200);
    const finished = (await portalCall(t, token, 'POST', 'identification/finish')).json();
    expect(finished).toMatchObject({ outcome: 'accepted', identification: { substate: 'PENDING_CLOSE' } });
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'accepted' });
    const captures = await t.database.db
      .selectFrom('shipping_documents')
      .select(['capture_kind', 'sha256'])
      .where('shipping_id', '=', String(sent.shippingId))
      .where('kind', '=', 'identity')
      .execute();
    expect(captures).toHaveLength(9);
    const uploaded = (await eventsOf(t, sent.shippingId)).filter((event) => event.action === 'captureUploaded');
    expect(uploaded.map((event) => (event.details as { sha256: string }).sha256).sort()).toEqual(
      captures.map((capture) => capture.sha256).sort(),
    );
  });

  it('closes as exceeded_ocr_tries after five failed captures', async () => {
    const sent = await dispatchForTest(t, user, 'Remote onboarding');
    const [token] = sent.tokens as [string];
    await portalCall(t, token, 'POST', 'identification/start');
    for (let index = 0; index < 5; index += 1) {
      await portalCall(t, token, 'POST', 'identification/captures', { kind: 'PASSPORT', content: jpeg(10) });
    }
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({
      state: 'pending_cert',
      result: 'exceeded_ocr_tries',
    });
    expect((await portalCall(t, token, 'GET', 'shipping')).json().outcome).toBe('captureFailed');
  });
});
