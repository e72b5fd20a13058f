import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HANDWRITING_LIMITS } from '@sello/contracts/portal-limits';
import { describe, expect, it } from 'vitest';
import { drawnSignature } from '../../test/handwriting-fixtures.ts';
import { readPdfText } from '../../test/pdf-text.ts';
import { dispatchForTest, eventsOf, portalCall } from '../../test/portal-fixtures.ts';
import { certifyShipping } from '../evidence/certificate-worker.ts';
import { createSealLoader } from '../evidence/seal.ts';
import { createTimestamper } from '../evidence/timestamps.ts';
import { openBox } from '../platform/sealed-box.ts';
import { setUpPortalTestApp, t, user } from './portal.test-setup.ts';
import { handwritingBinding } from './portal-handwritten.service.ts';

// The handwritten signature (BIOHAND_GRAPH): from the pad's points to the signed document and the certificate.

setUpPortalTestApp();

const TYPE = 'Deed acceptance';
const REFERENCE = 'Escritura-Añón';

async function signMethod(method: string) {
  await t.database.db.updateTable('shipping_types').set({ sign_method: method }).where('name', '=', TYPE).execute();
}

function handwritingsOf(receiverId: string) {
  return t.database.db.selectFrom('receiver_handwritings').selectAll().where('receiver_id', '=', receiverId).execute();
}

/** Dark pixels of a PDF's last page, rendered in grey at 36 dpi by poppler. */
function darkPixels(bytes: Uint8Array): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sello-ink-'));
  try {
    writeFileSync(path.join(dir, 'file.pdf'), bytes);
    execFileSync('pdftoppm', [
      '-r',
      '36',
      '-gray',
      '-singlefile',
      '-l',
      '99',
      path.join(dir, 'file.pdf'),
      path.join(dir, 'page'),
    ]);
    const image = readFileSync(path.join(dir, 'page.pgm'));
    // P5 header: magic, width, height, max value, then one byte per pixel.
    const header = /^P5\s+\d+\s+\d+\s+\d+\s/.exec(image.toString('latin1', 0, 40))![0].length;
    return image.subarray(header).filter((value) => value < 160).length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function pdfsig(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sello-sig-'));
  try {
    writeFileSync(path.join(dir, 'file.pdf'), bytes);
    return execFileSync('pdfsig', [path.join(dir, 'file.pdf')], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the handwritten signature', () => {
  it('is sealed, hashed into the acceptance event, stamped on the signed document and named by the certificate', async () => {
    await signMethod('BIOHAND_GRAPH');
    const sent = await dispatchForTest(t, user, TYPE, { body: { reference: REFERENCE } });
    const [token] = sent.tokens as [string];
    const [receiverId] = sent.receiverIds as [string];
    const view = (await portalCall(t, token, 'GET', 'shipping')).json();
    expect(view).toMatchObject({ mode: 'sign', handwritingRequired: true, pinRequired: false });
    // No click and no PIN instead of the signature.
    const click = await portalCall(t, token, 'POST', 'accept', {});
    expect(click.statusCode).toBe(400);
    expect(click.json().key).toBe('ERR_SIGNATURE_REQUIRED');
    expect((await portalCall(t, token, 'POST', 'pin')).statusCode).toBe(403);

    const signature = drawnSignature('touch');
    const accepted = await portalCall(t, token, 'POST', 'accept/handwritten', signature);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ outcome: 'accepted', canAnswer: false });

    // Stored sealed with the provider's key: the points are not in the row, and open only with that key.
    const [stored] = await handwritingsOf(receiverId);
    expect(stored!.sealed.toString('latin1')).not.toContain('touch');
    const opened = JSON.parse(openBox(stored!.sealed, t.ctx.certificateKey, handwritingBinding(receiverId)));
    expect(opened).toEqual(signature);
    expect(() => openBox(stored!.sealed, t.ctx.certificateKey, handwritingBinding(`${receiverId}0`))).toThrow();
    const sha256 = createHash('sha256')
      .update(openBox(stored!.sealed, t.ctx.certificateKey, handwritingBinding(receiverId)))
      .digest('hex');
    expect(stored!.sha256).toBe(sha256);
    const accept = (await eventsOf(t, sent.shippingId)).find((event) => event.action === 'accept');
    expect(accept?.details).toMatchObject({
      signMethod: 'BIOHAND_GRAPH',
      biometricSha256: sha256,
      handwritingPoints: 52,
      handwritingStrokes: 2,
    });
    expect(JSON.stringify(accept?.details)).not.toContain('"points"');

    const deps = {
      ...t.ctx,
      db: t.database.db,
      loadSeal: createSealLoader(t.ctx.config, { warn: () => {} }),
      stamp: createTimestamper(t.ctx.config, { warn: () => {} }),
    };
    expect(await certifyShipping(deps, String(sent.shippingId))).toBe('certified');
    const documents = await t.database.db
      .selectFrom('shipping_documents')
      .select(['kind', 'name', 'sha256'])
      .where('shipping_id', '=', String(sent.shippingId))
      .orderBy('position')
      .execute();
    expect(documents.map((document) => document.kind)).toEqual(['original', 'sent', 'signed', 'certificate']);
    const file = (kind: string) => t.ctx.blobs.read(documents.find((document) => document.kind === kind)!.sha256);
    const signed = await file('signed');
    const signedText = readPdfText(signed, false).replace(/\s+/g, ' ');
    expect(signedText).toContain('Firmado por Lucía Fernández');
    expect(signedText).toMatch(
      new RegExp(
        `Firma manuscrita biométrica hash SHA-256 de los datos biométricos: ${sha256} \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC`,
      ),
    );
    expect(signedText).toContain(`Referencia ${REFERENCE}`);
    // The strokes are drawn: the signed page holds ink the original does not.
    expect(darkPixels(signed)).toBeGreaterThan(darkPixels(await file('original')) + 40);

    const certificate = await file('certificate');
    const certificateText = readPdfText(certificate, false).replace(/\s+/g, ' ');
    expect(certificateText).toMatch(
      new RegExp(
        `Firma manuscrita biométrica; hash SHA-256 de los datos biométricos: ${sha256}; \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC`,
      ),
    );
    expect(certificateText).toContain('document-signed.pdf');
    expect(pdfsig(certificate)).toContain('Signature Validation: Signature is Valid.');
  });

  it('signs nothing and writes no event for a signature that is empty, too short, too large or does not parse', async () => {
    await signMethod('BIOHAND_GRAPH');
    const sent = await dispatchForTest(t, user, TYPE);
    const [token] = sent.tokens as [string];
    const [receiverId] = sent.receiverIds as [string];
    const eventsBefore = await eventsOf(t, sent.shippingId);
    const good = drawnSignature();
    const dot = {
      ...good,
      strokes: [
        {
          pointerType: 'mouse',
          points: [
            [10, 10, 0.5, 0],
            [11, 10, 0.5, 8],
          ],
        },
      ],
    };
    const dash = {
      ...good,
      strokes: [{ pointerType: 'mouse', points: Array.from({ length: 20 }, (_, i) => [10 + i, 10, 0.5, i * 5]) }],
    };
    const manyStrokes = {
      ...good,
      strokes: Array.from({ length: HANDWRITING_LIMITS.maxStrokes + 1 }, () => good.strokes[0]),
    };
    const offPad = {
      ...good,
      strokes: [{ pointerType: 'pen', points: [[999, 10, 0.5, 0], ...good.strokes[0]!.points] }],
    };
    const backInTime = { ...good, strokes: [good.strokes[1], good.strokes[0]] };
    const cases: [string, unknown, string][] = [
      ['no strokes', { ...good, strokes: [] }, 'ERR_SIGNATURE_EMPTY'],
      ['an empty stroke', { ...good, strokes: [{ pointerType: 'pen', points: [] }] }, 'ERR_SIGNATURE_EMPTY'],
      ['a dot', dot, 'ERR_SIGNATURE_TOO_SHORT'],
      ['a short dash', dash, 'ERR_SIGNATURE_TOO_SHORT'],
      ['too many strokes', manyStrokes, 'ERR_SIGNATURE_TOO_LARGE'],
      ['a point off the pad', offPad, 'ERR_SIGNATURE_UNREADABLE'],
      ['times going back', backInTime, 'ERR_SIGNATURE_UNREADABLE'],
      [
        'points that are text',
        { ...good, strokes: [{ pointerType: 'pen', points: 'x,y' }] },
        'ERR_SIGNATURE_UNREADABLE',
      ],
      [
        'a pressure above 1',
        { ...good, strokes: [{ pointerType: 'pen', points: [[1, 1, 7, 0]] }] },
        'ERR_SIGNATURE_UNREADABLE',
      ],
    ];
    for (const [name, body, key] of cases) {
      const answer = await portalCall(t, token, 'POST', 'accept/handwritten', body);
      expect(answer.statusCode, name).toBe(400);
      expect(Object.values(answer.json().fields ?? {}), `${name}: ${answer.body}`).toContain(key);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/rest/services/portal/accept/handwritten',
      headers: { 'x-receiver-token': token, 'content-type': 'application/json' },
      payload: '{"strokes": [',
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await portalCall(t, token, 'POST', 'accept/handwritten', {
      ...good,
      strokes: [{ pointerType: 'pen', points: Array.from({ length: 30_000 }, () => [1.123456, 1.123456, 0.5, 0]) }],
    });
    expect(huge.statusCode).toBe(413);

    expect(await handwritingsOf(receiverId)).toEqual([]);
    expect(await eventsOf(t, sent.shippingId)).toEqual(eventsBefore);
    const view = (await portalCall(t, token, 'GET', 'shipping')).json();
    expect(view).toMatchObject({ outcome: null, canAnswer: true, handwritingRequired: true });
  });

  it('is refused for a type that signs another way', async () => {
    await t.database.db
      .updateTable('shipping_types')
      .set({ sign_method: 'PIN_SMS' })
      .where('name', '=', TYPE)
      .execute();
    const sent = await dispatchForTest(t, user, TYPE);
    const answer = await portalCall(t, sent.tokens[0]!, 'POST', 'accept/handwritten', drawnSignature());
    expect(answer.statusCode).toBe(403);
    expect(await handwritingsOf(sent.receiverIds[0]!)).toEqual([]);
  });
});
