import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, readXlsx } from '../../test/admin-fixtures.ts';
import { createShippingTestApp, pdfDataUrl } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { CLAIM_FORM } from '../../test/xforms-fixtures.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { applyTransition } from '../shippings/shipping-transitions.ts';
import { certifyShipping } from './certificate-worker.ts';
import { createSealLoader } from './seal.ts';
import { createTimestamper } from './timestamps.ts';

let t: TTestApp;
let admin: TestClient;
let requestId: number;

beforeAll(async () => {
  t = await createShippingTestApp();
  admin = await signedInClient(t.app, 'domain.admin');
  const companyId = await companyIdOf(t.database.db, 'B12345674');
  const type = (
    await admin.post('shippings/types/new', {
      companyId,
      name: 'Claim notice with form',
      service: 'notification',
      channels: ['email'],
    })
  ).json();
  const attached = await admin.post('shippings/types/xformshippingtype', {
    params: { data: CLAIM_FORM, typeId: type.id },
  });
  expect(attached.json().valid).toBe(true);
  const sent = await admin.post('shippings/sendrequest', {
    companyId,
    typeId: type.id,
    channel: 'email',
    subject: 'Claim notice',
    receivers: [{ name: 'Lucía Fernández', email: 'lucia@example.es' }],
    documents: [{ name: 'claim.pdf', content: pdfDataUrl('Claim notice') }],
    formValues: { policy: 'P-1234', cover: 'car', extras: 'glass theft' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  requestId = sent.json().requestId;
});
afterAll(() => t.close());

describe('the form values of a shipping', () => {
  it('are printed in the certificate PDF under a "Form data" section in its language', async () => {
    await t.database.db.transaction().execute(async (trx) => {
      const shipping = (await lockShipping(trx, null, String(requestId)))!;
      for (const action of ['dispatch', 'accept'] as const)
        await applyTransition(trx, t.ctx.jobs, shipping, action, null);
    });
    const deps = {
      db: t.database.db,
      blobs: t.ctx.blobs,
      jobs: t.ctx.jobs,
      config: t.ctx.config,
      loadSeal: createSealLoader(t.ctx.config, { warn: () => {} }),
      stamp: createTimestamper(t.ctx.config, { warn: () => {} }),
    };
    expect(await certifyShipping(deps, String(requestId))).toBe('certified');
    const certificate = await t.database.db
      .selectFrom('shipping_documents')
      .select('sha256')
      .where('shipping_id', '=', String(requestId))
      .where('kind', '=', 'certificate')
      .executeTakeFirstOrThrow();
    const file = path.join(t.ctx.config.dataDir, `certificate-${requestId}.pdf`);
    await writeFile(file, await t.ctx.blobs.read(certificate.sha256));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Certificado de entrega electrónica');
    expect(text).toMatch(
      /Datos del formulario\s+Policy number: P-1234\s+Cover: car\s+Extras: glass theft\s+Documentos/,
    );
  });

  it('are exported in one "Form data" column as label: value pairs', async () => {
    const response = await admin.post('shippings/shippingsreport', {
      scope: 'all',
      filterAll: 'Claim notice',
      language: 'en-en',
    });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = await readXlsx(response.rawPayload);
    expect(header?.at(-1)).toBe('Form data');
    const row = rows.find((cells) => cells[0] === requestId);
    expect(row?.at(-1)).toBe('Policy number: P-1234; Cover: car; Extras: glass theft');
    const spanish = await readXlsx(
      (await admin.post('shippings/shippingsreport', { scope: 'all', filterAll: 'Claim notice', language: 'es-es' }))
        .rawPayload,
    );
    expect(spanish[0]?.at(-1)).toBe('Datos del formulario');
  });
});
