import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChain } from '../../test/chain-fixtures.ts';
import { readPdfText } from '../../test/pdf-text.ts';
import { loadConfig } from '../config.ts';
import { buildCertificatePdf, certificateEvents, type TCertificateContent } from './certificate-pdf.ts';
import { findChainBreaks } from './evidence-verify.ts';
import { createDemoSealP12, createSealLoader } from './seal.ts';
import { sealPdf } from './sign-pdf.ts';
import { createTimestamper } from './timestamps.ts';

const chain = buildChain;

const headOf = (events: { hash: string }[]) => ({ eventCount: events.length, lastEventHash: events.at(-1)!.hash });

describe('findChainBreaks', () => {
  it('finds nothing in an intact chain', () => {
    const events = chain(4);
    expect(findChainBreaks(events, headOf(events))).toEqual([]);
  });

  it('names the altered event only, with the recomputed and the stored hash', () => {
    const events = chain(4);
    const stored = events[1]!.hash;
    events[1] = { ...events[1]!, reason: 'rewritten' };
    const breaks = findChainBreaks(events, headOf(events));
    expect(breaks).toEqual([{ seq: 2, problem: 'hash', expected: expect.any(String), found: stored }]);
    expect(breaks[0]!.expected).not.toBe(stored);
  });

  it('reports every break: a removed event, a relinked one and a head that is not the last event', () => {
    const events = chain(5);
    const without = [...events.slice(0, 2), ...events.slice(3)];
    const breaks = findChainBreaks(without, headOf(events));
    expect(breaks.map((item) => [item.seq, item.problem])).toEqual([
      [4, 'sequence'],
      [4, 'prevHash'],
      [5, 'sequence'],
      [5, 'head'],
    ]);
  });
});

describe('the certificate PDF', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'sello-evidence-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const content = (language: string, name: string): TCertificateContent => ({
    providerName: 'Sello Trust Services',
    issuedAt: new Date('2026-11-24T10:00:00Z'),
    language,
    shipping: {
      requestId: '42',
      guid: '00000000-0000-4000-8000-000000000042',
      reference: null,
      subject: 'x'.repeat(400),
      service: 'notification',
      channel: 'email',
      state: 'pending_cert',
      result: 'accepted',
      isSandbox: false,
    },
    sender: { name: 'Ana Gil', username: 'ana', company: 'Notaría Central S.L.', companyTaxId: 'B12345674' },
    receivers: [{ position: 1, name, document: null, contact: 'a@example.es', status: 'accepted', letters: [] }],
    formValues: [],
    documents: [{ fileRequest: 1, kind: 'original', name: 'deed.pdf', sizeBytes: 10, sha256: 'a'.repeat(64) }],
    events: certificateEvents(chain(60)),
    chainHead: { seq: 60, hash: 'b'.repeat(64) },
  });

  it('writes services, channels, states, results, events and statuses in words, times with UTC beside', async () => {
    const postal: TCertificateContent = {
      ...content('es-es', 'Lucía Pérez'),
      shipping: { ...content('es-es', '').shipping, subject: 'Aviso', channel: 'postal', state: 'closed' },
      receivers: [
        {
          position: 1,
          name: 'Lucía Pérez',
          document: null,
          contact: '-',
          status: 'delivered',
          letters: [
            {
              addressLines: ['Calle Mayor, 7', '28013 Madrid'],
              reference: 'LETTER-REF-1',
              status: 'delivered',
              courierRef: 'CORREOS-998877',
              resultDate: '2026-11-20',
            },
          ],
        },
      ],
      events: certificateEvents(chain(3)),
    };
    const text = readPdfText(await (await buildCertificatePdf(postal)).save(), false);
    expect(text).toContain('Servicio: Notificación');
    expect(text).toContain('Canal: Correo postal');
    expect(text).toContain('Estado: Cerrado');
    // A notification asks for no answer: its `accepted` result is the delivery.
    expect(text).toContain('Resultado: Entregado');
    expect(text).not.toContain('Aceptado');
    expect(text).toContain('Dirección postal: Calle Mayor, 7, 28013 Madrid');
    expect(text).toContain('Referencia del mensajero: CORREOS-998877');
    expect(text).toContain('Fecha de entrega: 20 nov 2026');
    expect(text).toContain('Emitido el: 24 nov 2026, 11:00 CET (24 nov 2026, 10:00 UTC)');
    expect(text).toContain('[Original]');
    for (const code of ['notification', 'pending_cert', 'accepted', '[original]', 'delivered']) {
      expect(text).not.toMatch(new RegExp(`(^|[\\s:/])${code.replace(/[[\]]/g, '\\$&')}($|[\\s,])`, 'm'));
    }
  });

  it("names a notification receiver's acknowledgement a confirmed receipt, an acceptance's an acceptance", async () => {
    const base = content('es-es', 'Lucía Pérez');
    const events = certificateEvents(chain(2)).map((event, index) =>
      index === 1 ? { ...event, action: 'accept' } : event,
    );
    const notification = readPdfText(await (await buildCertificatePdf({ ...base, events })).save(), false);
    expect(notification).toContain('Recepción confirmada');
    expect(notification).not.toContain('Aceptado');
    const acceptance = { ...base, events, shipping: { ...base.shipping, service: 'acceptance' } };
    expect(readPdfText(await (await buildCertificatePdf(acceptance)).save(), false)).toContain('Aceptado');
  });

  it('names the result of a kind that asks the receiver to accept as accepted', async () => {
    const base = content('en-en', 'Lucía Pérez');
    const acceptance = { ...base, shipping: { ...base.shipping, service: 'acceptance' } };
    const text = readPdfText(await (await buildCertificatePdf(acceptance)).save(), false);
    expect(text).toContain('Result: Accepted');
    expect(readPdfText(await (await buildCertificatePdf(base)).save(), false)).toContain('Result: Delivered');
  });

  it('draws any script (what DejaVu Sans lacks becomes ?), wraps long text and runs onto more pages', async () => {
    const pdf = await buildCertificatePdf(content('pt-pt', '李雷 Çéü 😀'));
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    expect(pdf.getTitle()).toBe('Certificado de entrega eletrónica 42');
    const reloaded = await PDFDocument.load(await pdf.save());
    expect(reloaded.getPageCount()).toBe(pdf.getPageCount());
  });

  it('signs with a seal read from SEAL_P12_PATH; a wrong password is refused', async () => {
    const file = path.join(folder, 'seal.p12');
    await writeFile(file, createDemoSealP12('Test provider', 'secret-pass'));
    const config = loadConfig({ DATA_DIR: folder, SEAL_P12_PATH: file, SEAL_P12_PASSWORD: 'secret-pass' });
    const seal = await createSealLoader(config, { warn: () => {} })();
    expect(seal.leaf.subject).toContain('Test provider demo seal');
    expect(seal.chain).toHaveLength(2);
    const signed = await sealPdf(await buildCertificatePdf(content('en-en', 'Ana')), seal, {
      providerName: 'Test provider',
      reason: 'test',
      signingTime: new Date(),
      stamp: createTimestamper(config, { warn: () => {} }),
    });
    expect(signed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(signed.toString('latin1')).toContain('/SubFilter /ETSI.CAdES.detached');
    const wrong = loadConfig({ DATA_DIR: folder, SEAL_P12_PATH: file, SEAL_P12_PASSWORD: 'nope' });
    await expect(createSealLoader(wrong, { warn: () => {} })()).rejects.toThrow();
    // Four RSA keys made here (seal, its CA, the demo TSA and its CA): seconds on a busy machine.
  }, 30_000);

  it('makes the demo seal once and reuses it', async () => {
    const config = loadConfig({ DATA_DIR: folder });
    const warnings: string[] = [];
    const first = await createSealLoader(config, { warn: (message) => warnings.push(message) })();
    const second = await createSealLoader(config, { warn: () => {} })();
    expect(second.leaf.fingerprint256).toBe(first.leaf.fingerprint256);
    expect(warnings.join()).toContain('SEAL_P12_PATH is not set');
  });
});
