import {
  IDENTIFICATION_SUBSTATES,
  RESULT_FILTERS,
  SHIPPING_STATE_FILTERS,
  SITUATION_CODES,
  SITUATION_REASONS,
} from '@sello/contracts/enums';
import { situationCodeOf } from '@sello/contracts/shipping-situations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { startChannelApp, type TChannelApp } from '../../test/channel-app.ts';
import { spanishCsv, uploadImport } from '../../test/import-fixtures.ts';
import { readPdfText } from '../../test/pdf-text.ts';
import { dispatchForTest, portalCall, readPinFromOutbox } from '../../test/portal-fixtures.ts';
import { postalShippingWithLetters } from '../../test/postal-fixtures.ts';
import { createShippingTestApp, LUCIA, sendShipping, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { webmDataUrl } from '../../test/video-fixtures.ts';
import { confirmCancellation } from '../delivery/cancel-confirm.ts';
import { demoPdf } from '../demo/demo-pdf.ts';
import { certifyShipping, type TCertificateDeps } from '../evidence/certificate-worker.ts';
import { createSealLoader } from '../evidence/seal.ts';
import { createTimestamper } from '../evidence/timestamps.ts';
import { runPortalExpiry } from '../portal/portal-expiry.ts';
import { createShippingActions } from './shipping-actions.service.ts';

/**
 * Every value of spec §4 (states, results, situation reasons and codes, identification substates) and
 * the real action that reaches it. Each scenario below acts through the API, the recipient pages or the
 * workers and records what the shipping holds afterwards; the last test checks nothing was left out.
 * `pending_import` is reached by imports only (a shipping made from an import row starts there and its
 * validation moves it on in the same transaction): its create event proves it.
 */
const reached = new Map<string, string>();

let t: TTestApp;
let user: TestClient;
let manager: TestClient;
let admin: TestClient;
let domainAdmin: TestClient;
/** A second app whose channels are real peers: an SMTP server and the SMS provider with its callback. */
let channels: TChannelApp;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  manager = await signedInClient(t.app, 'company.manager');
  admin = await signedInClient(t.app, 'company.admin');
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  channels = await startChannelApp();
});
afterAll(async () => {
  await t.close();
  await channels?.close();
});

function certificateDeps(): TCertificateDeps {
  return {
    ...t.ctx,
    loadSeal: createSealLoader(t.ctx.config, { warn: () => {} }),
    stamp: createTimestamper(t.ctx.config, { warn: () => {} }),
  };
}

async function row(id: number, db = t.database.db) {
  return db
    .selectFrom('shippings')
    .select(['state', 'result', 'situation_reason as reason', 'situation_code as code', 'substate'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
}

/** Asserts what the shipping holds after `action` and records each value as reached by it. */
async function expectAfter(
  id: number,
  action: string,
  expected: Partial<Awaited<ReturnType<typeof row>>>,
  db = t.database.db,
) {
  const current = await row(id, db);
  expect(current, action).toMatchObject(expected);
  if (current.reason) expect(current.code, action).toBe(situationCodeOf(current.reason as never));
  for (const value of [current.state, current.result, current.reason, current.code, current.substate]) {
    if (value && !reached.has(value)) reached.set(value, action);
  }
}

const wrongPin = (pin: string) => (pin === '000000' ? '111111' : '000000');
function jpeg(size = 4096): string {
  const bytes = Buffer.alloc(size, 0x11);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}
const notJpeg = `data:image/jpeg;base64,${Buffer.from('%PDF-1.7 not an image').toString('base64')}`;

describe('sender-side states', () => {
  it('authorisation: pending_auth, auths_pending_user, pending_to_send; deny; expiry; retry clears', async () => {
    const joint = await sendShipping(user, t.database.db, 'Joint deed acceptance');
    await expectAfter(joint, 'create (type needs authorisation)', { state: 'pending_auth' });
    expect((await manager.put('shippings/shippingauthorize', { authorizeShippingList: [joint] })).statusCode).toBe(200);
    await expectAfter(joint, 'authorize (others pending)', { state: 'auths_pending_user' });
    const denied = await admin.put(`shippings/deny/${joint}`, {
      stateCom: 'no_auth',
      resultCom: 'authorizer_reject',
      comment: 'Wrong deed',
    });
    expect(denied.statusCode, denied.body).toBe(200);
    await expectAfter(joint, 'deny (authoriser)', {
      state: 'no_auth',
      result: 'authorizer_reject',
      reason: 'OTHER_REASONS',
    });

    const deed = await sendShipping(user, t.database.db, 'Deed acceptance');
    const expired = await createShippingActions(t.database.db, t.ctx.jobs).expireAuthorisations(
      new Date(Date.now() + 400 * 86_400_000),
    );
    expect(expired).toContain(deed);
    await expectAfter(deed, 'authExpire (deadline passed)', {
      state: 'auths_expired',
      result: 'not_send',
      reason: 'OPTION_ZERO',
    });
    expect((await user.put('shippings/shippingretry', { requestId: deed })).statusCode).toBe(200);
    expect(await row(deed)).toMatchObject({ state: 'pending_auth', result: null, reason: null, code: null });
  });

  it('dispatch: pending_to_send, then not_send_error when the mail server refuses the recipient; retry', async () => {
    const id = await sendShipping(channels.user, channels.t.database.db, 'Notarial notification', {
      receivers: [{ ...LUCIA, email: channels.refused }],
    });
    await expectAfter(id, 'create (no authorisation)', { state: 'pending_to_send' }, channels.t.database.db);
    await channels.dispatchAndSend(id);
    await expectAfter(
      id,
      'dispatchRefused (SMTP 550 on the recipient)',
      { state: 'not_send_error', result: 'error', reason: 'RCPT_INVALID' },
      channels.t.database.db,
    );
    expect(channels.smtp.received).toHaveLength(0);
    expect((await channels.user.put('shippings/shippingretry', { requestId: id })).statusCode).toBe(200);
    expect(await row(id, channels.t.database.db)).toMatchObject({ state: 'pending_to_send', reason: null });
  });

  it('cancel: queued closes at once; travelling waits in cancel_pending until the channel confirms', async () => {
    const queued = await sendShipping(user, t.database.db, 'Notarial notification');
    expect((await user.put(`shippings/cancel/${queued}`)).statusCode).toBe(200);
    await expectAfter(queued, 'cancel (queued)', { state: 'closed', result: 'cancelled_by_sender' });

    const sent = await dispatchForTest(t, user, 'Notarial notification');
    await expectAfter(sent.shippingId, 'dispatch', { state: 'sent' });
    expect((await user.put(`shippings/cancel/${sent.shippingId}`)).statusCode).toBe(200);
    await expectAfter(sent.shippingId, 'cancel (travelling)', { state: 'cancel_pending', reason: 'OTHER_REASONS' });
    expect((await portalCall(t, sent.tokens[0]!, 'GET', 'shipping')).json().outcome).toBe('cancelled');
    expect(await confirmCancellation(t.ctx, String(sent.shippingId))).toBe(true);
    await expectAfter(sent.shippingId, 'cancelConfirmed', { state: 'pending_cert', result: 'cancelled_by_sender' });
    // Its certificate comes with a non-report (it never reached the recipient); an accepted one has none.
    expect(await certifyShipping(certificateDeps(), String(sent.shippingId))).toBe('certified');
    await expectAfter(sent.shippingId, 'certify', { state: 'closed', result: 'cancelled_by_sender' });
    const documents = await t.database.db
      .selectFrom('shipping_documents')
      .select(['kind', 'sha256', 'name'])
      .where('shipping_id', '=', String(sent.shippingId))
      .orderBy('position')
      .execute();
    const nonReport = documents.find((document) => document.kind === 'non_report');
    expect(nonReport?.name).toBe(`non-report-${sent.shippingId}.pdf`);
    const certificate = documents.find((document) => document.kind === 'certificate')!;
    const nonReportText = readPdfText(await t.ctx.blobs.read(nonReport!.sha256));
    expect(nonReportText).toContain('P00');
    expect(readPdfText(await t.ctx.blobs.read(certificate.sha256), false).replace(/\s/g, '')).toContain(
      nonReport!.sha256,
    );
    // A closed shipping cannot be cancelled; another tenant does not see it.
    expect((await user.put(`shippings/cancel/${queued}`)).json().key).toBe('ERR_TRANSITION_NOT_ALLOWED');
    const acme = await signedInClient(t.app, 'acme.admin');
    expect((await acme.put(`shippings/cancel/${sent.shippingId}`)).statusCode).toBe(404);
  });

  it('review: imports reach pending_import and to_review; the supervisor rejects with a reason', async () => {
    const header = ['Referencia', 'Asunto', 'Nombre', 'Correo electrónico', 'Móvil'];
    const line = (n: number) => [`REF-${n}`, 'Aviso', `Persona ${n}`, 'same@example.es', ''];
    const pdf = Buffer.from(await demoPdf('Review'));
    const upload = await uploadImport(
      admin,
      {
        companyId: String(await companyIdOf(t.database.db, 'B12345674')),
        typeId: String(await typeIdOf(t.database.db, 'Notarial notification')),
        channel: 'email',
        description: 'review',
      },
      {
        data: { name: 'dup.csv', bytes: spanishCsv([header, line(1), line(2)]) },
        documents: { name: 'a.pdf', bytes: pdf, type: 'application/pdf' },
      },
    );
    const importId = upload.json().importId;
    expect((await admin.post('shipping/import/saveFromFile', { importId })).statusCode).toBe(200);
    const [, review] = await t.database.db
      .selectFrom('shippings')
      .select('id')
      .where('import_id', '=', String(importId))
      .orderBy('id')
      .execute();
    const id = Number(review!.id);
    const created = await t.database.db
      .selectFrom('shipping_events')
      .select('to_state')
      .where('shipping_id', '=', String(id))
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    expect(created.to_state).toBe('pending_import');
    reached.set('pending_import', 'import (create event)');
    await expectAfter(id, 'importValidated (needs review)', { state: 'to_review' });

    const detail = (await admin.get(`shippings/shippingdetail?requestId=${id}`)).json();
    expect(detail.allowedActions).toEqual(expect.arrayContaining(['authorize', 'deny']));
    const authoriserOutcome = await admin.put(`shippings/deny/${id}`, {
      stateCom: 'no_auth',
      resultCom: 'authorizer_reject',
    });
    expect(authoriserOutcome.json().key).toBe('ERR_TRANSITION_NOT_ALLOWED');
    const noReason = await admin.put(`shippings/deny/${id}`, { stateCom: 'closed', resultCom: 'supervisor_reject' });
    expect(noReason.json()).toMatchObject({ key: 'ERR_VALIDATION', fields: { comment: 'ERR_FIELD_REQUIRED' } });
    const rejected = await admin.put(`shippings/deny/${id}`, {
      stateCom: 'closed',
      resultCom: 'supervisor_reject',
      comment: 'Same receiver twice',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await expectAfter(id, 'deny (supervisor, under review)', {
      state: 'closed',
      result: 'supervisor_reject',
      reason: 'OTHER_REASONS',
    });
  });
});

describe('recipient-side results and situations', () => {
  it('accept, custody, reject with each reason, timeout', async () => {
    const notice = await dispatchForTest(t, user, 'Notarial notification');
    await portalCall(t, notice.tokens[0]!, 'GET', 'shipping');
    await expectAfter(notice.shippingId, 'deliver (link opened)', { state: 'in_course' });
    await portalCall(t, notice.tokens[0]!, 'POST', 'acknowledge');
    await expectAfter(notice.shippingId, 'accept', { state: 'pending_cert', result: 'accepted', reason: null });
    expect(await certifyShipping(certificateDeps(), String(notice.shippingId))).toBe('certified');
    const kinds = await t.database.db
      .selectFrom('shipping_documents')
      .select('kind')
      .where('shipping_id', '=', String(notice.shippingId))
      .execute();
    expect(kinds.map((document) => document.kind)).not.toContain('non_report');

    const custody = await dispatchForTest(t, user, 'Document custody');
    await portalCall(t, custody.tokens[0]!, 'GET', 'shipping');
    await expectAfter(custody.shippingId, 'custodyStart (opened)', { result: 'custody_in_course' });

    for (const situationReason of [
      undefined,
      'DOCUMENT_DATA_INVALID',
      'USER_DATA_INVALID',
      'SENDER_UNKNOWN',
      'USER_MOBILE_CHANGED',
      'OTHER_REASONS',
    ]) {
      const sent = await dispatchForTest(t, user, 'Claim settlement acceptance');
      const answer = await portalCall(t, sent.tokens[0]!, 'POST', 'reject', { reason: 'No', situationReason });
      expect(answer.statusCode, answer.body).toBe(200);
      await expectAfter(sent.shippingId, `reject (${situationReason ?? 'no reason chosen'})`, {
        result: 'deny',
        reason: situationReason ?? 'NOT_DOCUMENT_AGREE',
      });
    }
    const sent = await dispatchForTest(t, user, 'Claim settlement acceptance');
    const invalid = await portalCall(t, sent.tokens[0]!, 'POST', 'reject', { reason: 'No', situationReason: 'P01' });
    expect(invalid.statusCode).toBe(400);

    const late = await dispatchForTest(t, user, 'Notarial notification');
    await runPortalExpiry(t.ctx, new Date(Date.now() + 400 * 86_400_000));
    await expectAfter(late.shippingId, 'expire (deadline passed)', { result: 'timeout', reason: 'OPTION_ZERO' });
  });

  it('three wrong PINs: pin_error; provider failures by channel', async () => {
    const deed = await dispatchForTest(t, user, 'Deed acceptance');
    const [token] = deed.tokens as [string];
    await portalCall(t, token, 'POST', 'pin');
    const pin = await readPinFromOutbox(t, deed.receiverIds[0]!);
    for (let attempt = 0; attempt < 3; attempt += 1)
      await portalCall(t, token, 'POST', 'accept', { pin: wrongPin(pin) });
    await expectAfter(deed.shippingId, 'pinFailed', { result: 'pin_error', reason: 'USER_NO_TOKENS_AVAILABLE' });

    // The SMS provider's delivery report, through its signed HTTP callback.
    const sms = await sendShipping(channels.user, channels.t.database.db, 'Policy renewal notice', {
      channel: 'sms',
      receivers: [LUCIA],
    });
    const [message] = await channels.dispatchAndSend(sms);
    await expectAfter(sms, 'dispatch (handed to the SMS provider)', { state: 'sent' }, channels.t.database.db);
    const report = await channels.callback('sms', {
      reference: message!.guid,
      status: 'failed',
      detail: 'unreachable',
    });
    expect(report.statusCode, report.body).toBe(200);
    await expectAfter(
      sms,
      'dispatchFailed (SMS provider callback: failed)',
      { state: 'pending_cert', result: 'error', reason: 'SMS_NOT_RECEIVED' },
      channels.t.database.db,
    );

    // The mail server took the whole message and cut the connection before answering: delivery unknown.
    const cut = await sendShipping(channels.user, channels.t.database.db, 'Notarial notification', {
      receivers: [{ ...LUCIA, email: channels.cut }],
    });
    await channels.dispatchAndSend(cut);
    await expectAfter(
      cut,
      'dispatchFailed (SMTP connection cut after the message)',
      { state: 'pending_cert', result: 'error', reason: 'TECHNICAL_PROBLEMS' },
      channels.t.database.db,
    );
  });

  it('the courier’s failed delivery: pending_cert_postal', async () => {
    const { shippingId, references } = await postalShippingWithLetters(user, t);
    const batch = (await domainAdmin.post('postal/batches')).json();
    await domainAdmin.put(`postal/batches/${batch.id}/printed`);
    await domainAdmin.put(`postal/batches/${batch.id}/handed`);
    const answer = await domainAdmin.post('postal/results', {
      reference: references[0],
      result: 'failed',
      date: new Date().toISOString().slice(0, 10),
      courierRef: 'CR-9',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await expectAfter(shippingId, 'courierFailed', {
      state: 'pending_cert_postal',
      result: 'error',
      reason: 'RCPT_INVALID',
    });
  });
});

describe('identification substates', () => {
  it('reads, saves, misses and fails captures; too many failures: exceeded_ocr_tries', async () => {
    // The type's administrator asks for an OTHER document too, in the type editor.
    const typeId = await typeIdOf(t.database.db, 'Remote onboarding');
    const type = (await domainAdmin.get(`shippings/types/detail?typeSelected=${typeId}`)).json();
    const updated = await domainAdmin.put('shippings/types/update', {
      ...type,
      wfGroups: type.wfGroups.map((group: { value: number }) => group.value),
      identificationDocuments: ['DNI_NIE', 'SELFIE', 'OTHER'],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().identificationDocuments).toEqual(['DNI_NIE', 'SELFIE', 'OTHER']);
    const sent = await dispatchForTest(t, user, 'Remote onboarding');
    const [token] = sent.tokens as [string];
    const id = sent.shippingId;
    const capture = (kind: string, content = jpeg()) =>
      portalCall(t, token, 'POST', 'identification/captures', { kind, content });
    await portalCall(t, token, 'POST', 'identification/start');
    await expectAfter(id, 'identification start', { substate: 'WELCOME_PAGE_ACCEPTED' });
    await portalCall(t, token, 'POST', 'identification/finish');
    await expectAfter(id, 'finish without identity', { substate: 'IDCARD_SAVING_IDENTITY_MISSING' });
    await capture('DNI_NIE', notJpeg);
    await expectAfter(id, 'refused identity capture', { substate: 'IDCARD_SAVING_IDENTITY_ERROR' });
    await capture('OTHER', notJpeg);
    await expectAfter(id, 'refused other capture after an identity one', {
      substate: 'IDCARD_SAVING_IDENTITY_AND_OTHER_ERROR',
    });
    await capture('DNI_NIE');
    await expectAfter(id, 'identity document captured', { substate: 'IDCARD_READING' });
    await capture('SELFIE', jpeg(5000));
    await expectAfter(id, 'identity and selfie captured', { substate: 'IDCARD_SAVING' });
    await portalCall(t, token, 'POST', 'identification/finish');
    await expectAfter(id, 'finish without the other document the type asks for', {
      substate: 'IDCARD_SAVING_OTHER_MISSING',
    });
    await capture('OTHER', notJpeg);
    await expectAfter(id, 'refused other capture', { substate: 'IDCARD_SAVING_OTHER_ERROR' });
    await capture('OTHER', jpeg(3000));
    const video = { content: webmDataUrl(), consent: true, language: 'es-es' };
    expect((await portalCall(t, token, 'POST', 'identification/video', video)).statusCode).toBe(200);
    const finished = (await portalCall(t, token, 'POST', 'identification/finish')).json();
    expect(finished.outcome).toBe('accepted');
    await expectAfter(id, 'finish complete', { substate: 'PENDING_CLOSE', result: 'accepted' });

    const failing = await dispatchForTest(t, user, 'Remote onboarding');
    await portalCall(t, failing.tokens[0]!, 'POST', 'identification/start');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await portalCall(t, failing.tokens[0]!, 'POST', 'identification/captures', { kind: 'DNI_NIE', content: notJpeg });
    }
    await expectAfter(failing.shippingId, 'ocrExceeded (fifth refused capture)', {
      result: 'exceeded_ocr_tries',
      reason: 'DOCUMENT_DATA_INVALID',
    });
  });
});

describe('coverage', () => {
  it('every state, result, situation reason and code, and substate of spec §4 was reached', () => {
    const all = [
      ...SHIPPING_STATE_FILTERS,
      ...RESULT_FILTERS,
      ...SITUATION_REASONS,
      ...SITUATION_CODES,
      ...IDENTIFICATION_SUBSTATES,
    ];
    expect(all.filter((value) => !reached.has(value))).toEqual([]);
  });
});
