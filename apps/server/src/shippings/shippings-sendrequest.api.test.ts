import { SERVICE_KINDS, type ServiceKind } from '@sello/contracts/enums';
import { SERVICE_RULES } from '@sello/contracts/shipping-rules';
import { describe, expect, it } from 'vitest';
import { userIdOf } from '../../test/admin-fixtures.ts';
import { dataUrl, pdfDataUrl, readChain, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient } from '../../test/test-app.ts';
import { demoPdf } from '../demo/demo-pdf.ts';
import { verifyChain } from './event-chain.ts';
import {
  lucia,
  notaria,
  notification,
  postal,
  send,
  setUpShippingsCreateTestApp,
  sha256,
  t,
  tableCounts,
  tiago,
  user,
} from './shippings-create.test-setup.ts';

setUpShippingsCreateTestApp();

describe('shippings/sendrequest', () => {
  it('creates a shipping of every service kind on every channel its type offers', async () => {
    const types = await t.database.db
      .selectFrom('shipping_types as t')
      .innerJoin('domains as d', 'd.id', 't.domain_id')
      .select(['t.id', 't.name', 't.service_kind as kind', 't.channels', 't.company_id as companyId'])
      .where('d.code', '=', 'DEMO')
      .where('t.active', '=', true)
      .execute();
    expect(new Set(types.map((type) => type.kind))).toEqual(
      new Set(SERVICE_KINDS.filter((kind) => kind !== 'video_identification_attended')),
    );
    const channels = new Set<string>();
    const domainAdmin = await signedInClient(t.app, 'domain.admin');
    for (const type of types) {
      const rule = SERVICE_RULES[type.kind as ServiceKind];
      for (const channel of type.channels) {
        const receivers = Array.from({ length: rule.minReceivers }, (_, index) => ({
          ...(index === 0 ? lucia : tiago),
          ...(channel === 'postal' && { postal }),
        }));
        const companyId = type.companyId === null ? notaria : Number(type.companyId);
        const response = await send(companyId === notaria ? user : domainAdmin, {
          companyId,
          typeId: Number(type.id),
          channel,
          subject: `${type.name} by ${channel}`,
          receivers,
          ...(channel === 'sms' && { message: 'You have a certified notice.' }),
          ...(rule.documents === 'required' && { documents: [{ name: 'doc.pdf', content: pdfDataUrl(type.name) }] }),
          ...(type.name === 'Claim settlement acceptance' && { authorizers: [] }),
          ...(type.name === 'Policy renewal notice' && { customFields: { policy: 'P-1', date: '1 May 2027' } }),
        });
        expect(response.statusCode, `${type.name} by ${channel}: ${response.body}`).toBe(200);
        channels.add(channel);
      }
    }
    expect([...channels].sort()).toEqual(['email', 'onscreen', 'postal', 'sms', 'whatsapp']);
  });

  it('stores receivers, documents with their SHA-256, the first event and the initial state', async () => {
    const pdf = demoPdf('Deed of sale');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const response = await notification({
      reference: 'REF-77',
      receivers: [
        { ...lucia, postal },
        {
          receiverType: 2,
          name: 'Construcciones Levante S.L.',
          documentType: 'NIF',
          documentNumber: 'B12345674',
          email: 'a@levante.es',
        },
        {
          name: 'Jorge Martín',
          documentType: 'NIE',
          documentNumber: 'x-1234567-l',
          email: 'jorge@example.es',
          language: 'en-en',
        },
      ],
      documents: [
        { name: 'deed.pdf', content: dataUrl('application/pdf', pdf), category: 'DOCUMENT' },
        { name: 'plan.png', content: dataUrl('image/png', png), category: 'IMAGE' },
      ],
      customFields: { policy: 'P-1', branch: 'Madrid' },
      metaProperties: { dossier: 'D-9' },
      font: 'helvetica',
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = (await user.get(`shippings/shippingdetail?requestId=${response.json().requestId}`)).json();
    expect(detail).toMatchObject({
      reference: 'REF-77',
      service: 'notification',
      channel: 'email',
      state: 'pending_to_send',
      result: null,
      receiver: 'Lucía Fernández +2',
      isSandbox: false,
      deleted: false,
      requiresAuth: false,
      customFields: { policy: 'P-1', branch: 'Madrid' },
      metaProperties: { dossier: 'D-9' },
      font: 'helvetica',
      multiSignerOrder: 0,
      body: null,
      // Receivers of two languages (Spanish, the sender's, and English): no default template suits them all,
      // so none is used and each gets Sello's own words in their language.
      templateBody: null,
      allowedActions: ['cancel'], // the sender may cancel a shipping that has not left yet
    });
    expect(detail.receivers).toEqual([
      expect.objectContaining({
        position: 1,
        receiverType: 1,
        documentNumber: '12345678Z',
        mobile: '+34612345678',
        postal: expect.objectContaining({ street: 'Mayor', postalCode: '28013', country: 'ES' }),
        status: 'pending',
      }),
      expect.objectContaining({ position: 2, receiverType: 2, documentType: 'NIF', documentNumber: 'B12345674' }),
      expect.objectContaining({ position: 3, documentType: 'NIE', documentNumber: 'X1234567L', language: 'en-en' }),
    ]);
    expect(detail.documents).toEqual([
      expect.objectContaining({
        fileRequest: 1,
        name: 'deed.pdf',
        kind: 'original',
        category: 'DOCUMENT',
        mimeType: 'application/pdf',
        sizeBytes: pdf.length,
        sha256: sha256(pdf),
      }),
      expect.objectContaining({ fileRequest: 2, name: 'plan.png', mimeType: 'image/png', sha256: sha256(png) }),
    ]);
    expect(detail.events).toHaveLength(1);
    expect(detail.events[0]).toMatchObject({
      seq: 1,
      action: 'create',
      actor: 'Javier Ruiz',
      fromState: null,
      toState: 'pending_to_send',
      prevHash: '0'.repeat(64),
    });
    const stored = await t.database.db
      .selectFrom('shipping_events')
      .select('details')
      .where('shipping_id', '=', String(detail.requestId))
      .executeTakeFirstOrThrow();
    expect(stored.details.documents).toEqual([sha256(pdf), sha256(png)]);
    expect(await t.database.db.selectFrom('shipping_documents').select('sha256').execute()).not.toHaveLength(0);
    const original = await user.get(`shippings/shippingreadoriginalfile?requestId=${detail.requestId}&fileRequest=1`);
    expect(sha256(original.rawPayload)).toBe(sha256(pdf));
  });

  it('keeps the chosen template (or the type default) with its placeholders filled, apart from the message', async () => {
    const template = await t.database.db
      .selectFrom('templates')
      .select('id')
      .where('name', '=', 'Renewal with documents')
      .executeTakeFirstOrThrow();
    const chosen = await notification({ templateId: Number(template.id), customFields: { reference: 'HOME-7' } });
    const detail = (await user.get(`shippings/shippingdetail?requestId=${chosen.json().requestId}`)).json();
    expect(detail.templateBody).toMatch(/^<p>Your policy HOME-7 renews on \{\{deadline\}\}\. /);
    expect(detail.body).toBeNull();
    expect(detail.templateId).toBe(Number(template.id));
    const written = await notification({ message: 'Written by hand' });
    expect((await user.get(`shippings/shippingdetail?requestId=${written.json().requestId}`)).json().body).toBe(
      'Written by hand',
    );
    const edited = await notification({
      templateId: Number(template.id),
      message: '<p>{{company}} renews your policy {{policy}}.</p>',
      customFields: { policy: 'CAR-9' },
    });
    const editedDetail = (await user.get(`shippings/shippingdetail?requestId=${edited.json().requestId}`)).json();
    expect(editedDetail.body).toBe('<p>Notaría Central S.L. renews your policy CAR-9.</p>');
    expect(editedDetail.templateBody).toMatch(/^<p>Your policy \{\{reference\}\} renews on \{\{deadline\}\}\. /);
    const smsTemplate = await notification({ channel: 'sms', templateId: Number(template.id) });
    expect(smsTemplate.json().fields).toMatchObject({ templateId: 'ERR_FIELD_INVALID' });
  });

  it('refuses a subject or body that still holds a placeholder, naming it, and keeps nothing', async () => {
    const before = await tableCounts();
    // A custom field fills its placeholder; one no field and no template variable fills is refused.
    const body = await notification({
      message: '<p>Your policy {{policy}} renews on {{date}}.</p>',
      customFields: { policy: 'HOME-7' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      key: 'ERR_VALIDATION',
      fields: { message: 'ERR_PLACEHOLDER_UNFILLED' },
      params: { placeholder: '{{date}}' },
    });
    const subject = await notification({ subject: 'Renewal of {{ policy }}', message: 'Plain text' });
    expect(subject.json()).toMatchObject({
      fields: { subject: 'ERR_PLACEHOLDER_UNFILLED' },
      params: { placeholder: '{{ policy }}' },
    });
    expect(await tableCounts()).toEqual(before);
    // The shipping's own reference and the custom fields fill the subject too.
    const filled = await notification({
      reference: 'R-77',
      subject: 'Policy {{policy}} ({{reference}})',
      message: 'Plain text',
      customFields: { policy: 'CAR-1' },
    });
    const detail = (await user.get(`shippings/shippingdetail?requestId=${filled.json().requestId}`)).json();
    expect(detail.subject).toBe('Policy CAR-1 (R-77)');
  });

  it('flags the shippings of sandbox users', async () => {
    const sandbox = await signedInClient(t.app, 'sandbox.user');
    const response = await send(sandbox, { typeId: await typeIdOf(t.database.db, 'Certified e-mail') });
    const detail = (await sandbox.get(`shippings/shippingdetail?requestId=${response.json().requestId}`)).json();
    expect(detail.isSandbox).toBe(true);
  });

  it('waits for authorisation when the type asks for it or the sender adds authorisers', async () => {
    const byType = await send(user, {
      typeId: await typeIdOf(t.database.db, 'Deed acceptance'),
      documents: [{ name: 'deed.pdf', content: pdfDataUrl('Deed') }],
    });
    const typeDetail = (await user.get(`shippings/shippingdetail?requestId=${byType.json().requestId}`)).json();
    expect(typeDetail).toMatchObject({ state: 'pending_auth', requiresAuth: true, authRound: 1 });
    expect(typeDetail.authorisations).toEqual([
      expect.objectContaining({ round: 1, authoriserKind: 'user', authoriserName: 'Marta Lopes', decision: 'pending' }),
    ]);
    const hours = (Date.parse(typeDetail.authDeadlineAt) - Date.parse(typeDetail.createdAt)) / 3_600_000;
    expect(hours).toBe(48);
    const added = await notification({ authorizers: [await userIdOf(t.database.db, 'company.admin')] });
    const addedDetail = (await user.get(`shippings/shippingdetail?requestId=${added.json().requestId}`)).json();
    expect(addedDetail.state).toBe('pending_auth');
    expect(addedDetail.authorisations.map((row: { authoriserName: string }) => row.authoriserName)).toEqual([
      'Alba Núñez',
    ]);
  });

  it('refuses authorisers who are the sender, of another company or of another domain', async () => {
    const self = await notification({ authorizers: [await userIdOf(t.database.db, 'company.user')] });
    expect(self.json().fields).toEqual({ 'authorizers.0': 'ERR_FIELD_INVALID' });
    const acme = await notification({ authorizers: [await userIdOf(t.database.db, 'acme.admin')] });
    expect(acme.json().fields).toEqual({ 'authorizers.0': 'ERR_FIELD_INVALID' });
  });
});

describe('shippings: the event chain of a new shipping', () => {
  it('verifies from the stored rows', async () => {
    const response = await notification();
    const chain = await readChain(t.database.db, response.json().requestId);
    expect(chain).toHaveLength(1);
    expect(verifyChain(chain)).toBeNull();
  });
});
