import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readPdfText } from '../../test/pdf-text.ts';
import { loadConfig } from '../config.ts';
import { GENESIS_HASH, hashEvent, type TChainEvent } from '../shippings/event-chain.ts';
import { describeActors } from './certificate-actors.ts';
import { buildCertificatePdf, certificateEvents, type TCertificateContent } from './certificate-pdf.ts';
import { formatInstant } from './certificate-time.ts';
import { checkPdfSeal } from './pdf-seal-check.ts';
import { createSealLoader, type TSeal } from './seal.ts';
import { sealPdf } from './sign-pdf.ts';
import { createTimestamper } from './timestamps.ts';
import { normaliseVerificationCode } from './verification-code.ts';

// A certificate a judge can read: who did what, by name and role, to the second in a named zone, and how to check
// the document, in each of the certificate's languages; and a tagged PDF (title, language, structure).

// Sealing and reading PDFs with poppler takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let folder: string;
let seal: TSeal;
let config: ReturnType<typeof loadConfig>;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'sello-readable-'));
  config = loadConfig({ DATA_DIR: folder });
  seal = await createSealLoader(config, { warn: () => {} })();
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** A chain: created by user 4, authorised by user 5, opened by receiver 31, certified by the platform. */
function chain(): (TChainEvent & { hash: string })[] {
  const steps: [string, string, Record<string, string>][] = [
    ['2026-12-07T08:14:03Z', 'user:4', {}],
    ['2026-12-07T08:20:11Z', 'user:5', {}],
    ['2026-07-07T09:01:59Z', 'system', { receiverId: '31' }],
    ['2026-12-07T10:00:00Z', 'system', {}],
  ];
  const actions = ['create', 'authorize', 'opened', 'certify'];
  let prevHash = GENESIS_HASH;
  return steps.map(([at, actor, details], index) => {
    const event: TChainEvent = {
      shippingId: '7',
      seq: index + 1,
      at,
      actor,
      action: actions[index]!,
      from: null,
      to: { state: 'sent', result: null, deleted: false },
      reason: null,
      details,
      prevHash,
    };
    const hash = hashEvent(event);
    prevHash = hash;
    return { ...event, hash };
  });
}

function content(language: string): TCertificateContent {
  const events = chain();
  const describe = describeActors({
    users: [
      { id: '4', name: 'Ana Gil', roles: ['cust_ctr_user'] },
      { id: '5', name: 'Bruno Díaz', roles: ['cust_ctr_mgr'] },
    ],
    receivers: [{ id: '31', name: 'Lucía Pérez' }],
    providerName: 'Sello Trust Services',
    language,
  });
  return {
    providerName: 'Sello Trust Services',
    issuedAt: new Date('2026-12-07T10:00:00Z'),
    language,
    shipping: {
      requestId: '42',
      guid: '00000000-0000-4000-8000-000000000042',
      reference: null,
      subject: 'Aviso',
      service: 'notification',
      channel: 'email',
      state: 'closed',
      result: 'accepted',
      isSandbox: false,
    },
    sender: { name: 'Ana Gil', username: 'ana', company: 'Notaría Central S.L.', companyTaxId: 'B12345674' },
    receivers: [
      { position: 1, name: 'Lucía Pérez', document: null, contact: 'l@example.es', status: 'read', letters: [] },
    ],
    formValues: [],
    documents: [{ fileRequest: 1, kind: 'original', name: 'deed.pdf', sizeBytes: 10, sha256: 'a'.repeat(64) }],
    events: certificateEvents(events, describe),
    chainHead: { seq: events.length, hash: events.at(-1)!.hash },
    verification: {
      code: '7KQ2-M9XD-4TBN',
      url: 'https://sello.example/#/verify/7KQ2-M9XD-4TBN',
      sealSubject: seal.leaf.subject.replace(/\n/g, ', '),
      sealFingerprint: seal.leaf.fingerprint256,
      tsa: null,
    },
  };
}

async function sealed(language: string): Promise<Buffer> {
  return sealPdf(await buildCertificatePdf(content(language)), seal, {
    providerName: 'Sello Trust Services',
    reason: 'test',
    signingTime: new Date(),
    stamp: createTimestamper(config, { warn: () => {} }),
  });
}

/** What poppler's pdfinfo says of a PDF. */
async function pdfinfo(bytes: Buffer): Promise<string> {
  const file = path.join(folder, `info-${Math.random()}.pdf`);
  await writeFile(file, bytes);
  return execFileSync('pdfinfo', [file], { encoding: 'utf8' });
}

/** The text as pdftotext reads it, its lines joined: a long line may wrap anywhere. */
const textOf = (bytes: Buffer) => readPdfText(bytes, false).replace(/\s*\n\s*/g, ' ');

const EXPECTED = {
  'es-es': {
    actors: [
      'Ana Gil (Usuario)',
      'Autorizador: Bruno Díaz (Gestor)',
      'Lucía Pérez (Destinatario)',
      'Sello Trust Services (sistema)',
    ],
    section: [
      'Cómo verificar este documento',
      'Código de verificación: 7KQ2-M9XD-4TBN',
      'Huella SHA-256 del certificado del sello',
      'Sello de tiempo de la firma: RFC 3161',
    ],
    title: 'Certificado de entrega electrónica 42',
  },
  'en-en': {
    actors: [
      'Ana Gil (User)',
      'Authoriser: Bruno Díaz (Manager)',
      'Lucía Pérez (Receiver)',
      'Sello Trust Services (system)',
    ],
    section: [
      'How to verify this document',
      'Verification code: 7KQ2-M9XD-4TBN',
      'SHA-256 fingerprint of the seal certificate',
      'Signature time-stamp: RFC 3161',
    ],
    title: 'Certificate of electronic delivery 42',
  },
  'pt-pt': {
    actors: [
      'Ana Gil (Utilizador)',
      'Autorizador: Bruno Díaz (Gestor)',
      'Lucía Pérez (Destinatário)',
      'Sello Trust Services (sistema)',
    ],
    section: [
      'Como verificar este documento',
      'Código de verificação: 7KQ2-M9XD-4TBN',
      'Impressão digital SHA-256 do certificado do selo',
      'Carimbo temporal da assinatura: RFC 3161',
    ],
    title: 'Certificado de entrega eletrónica 42',
  },
} as const;

describe('a certificate a judge can read', () => {
  it('writes an instant to the second with its zone named and its offset from UTC', () => {
    expect(formatInstant('2026-12-07T08:14:03Z')).toBe('2026-12-07 09:14:03 CET (UTC+01:00)');
    expect(formatInstant('2026-07-07T09:01:59Z')).toBe('2026-07-07 11:01:59 CEST (UTC+02:00)');
    expect(formatInstant('2026-07-07T09:01:59Z', 'UTC')).toBe('2026-07-07 09:01:59 UTC (UTC+00:00)');
  });

  it.each(Object.entries(EXPECTED))(
    '%s: names every actor with a role, every time with its zone, and how to verify',
    async (language, expected) => {
      const bytes = await sealed(language);
      const text = textOf(bytes);
      for (const actor of expected.actors) expect(text).toContain(actor);
      expect(text).not.toMatch(/user:\d/);
      expect(text).toContain('2026-12-07 09:14:03 CET (UTC+01:00)');
      expect(text).toContain('2026-07-07 11:01:59 CEST (UTC+02:00)');
      for (const line of expected.section) expect(text).toContain(line);
      expect(text).toContain(seal.leaf.fingerprint256);
      expect(text).toContain('https://sello.example/#/verify/7KQ2-M9XD-4TBN');

      const info = await pdfinfo(bytes);
      expect(info).toMatch(new RegExp(`^Title:\\s+${expected.title}$`, 'm'));
      expect(info).toMatch(/^Tagged:\s+yes$/m);
      const raw = bytes.toString('latin1');
      expect(raw).toContain(`/Lang (${language})`);
      expect(raw).toMatch(/\/DisplayDocTitle true/);
      expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
      expect(raw).toMatch(/\/S \/Figure/);
    },
  );

  it('draws the QR code of the verification page as vector squares', async () => {
    const pdf = await buildCertificatePdf(content('en-en'));
    const withQr = (await pdf.save({ useObjectStreams: false })).length;
    const without = (
      await (
        await buildCertificatePdf({ ...content('en-en'), verification: undefined })
      ).save({ useObjectStreams: false })
    ).length;
    expect(withQr).toBeGreaterThan(without);
    // No image: the code is drawn, so it prints sharp at any size.
    expect(Buffer.from(await pdf.save()).toString('latin1')).not.toContain('/Subtype /Image');
  });
});

describe('the seal check of a certificate PDF', () => {
  it('finds the seal and its RFC 3161 time-stamp valid; one changed byte breaks the seal', async () => {
    const bytes = await sealed('en-en');
    const check = checkPdfSeal(bytes)!;
    expect(check.valid).toBe(true);
    expect(check.signer?.fingerprint).toBe(seal.leaf.fingerprint256);
    expect(check.timestamp.valid).toBe(true);
    expect(check.timestamp.authority).toContain('demo TSA');
    expect(Math.abs(Date.parse(check.timestamp.time!) - Date.now())).toBeLessThan(60_000);

    // One byte inside the signed range (the first range starts at byte 0).
    const tampered = Buffer.from(bytes);
    tampered[200] = tampered[200]! ^ 1;
    expect(checkPdfSeal(tampered)?.valid).toBe(false);
  });

  it('reads a code typed loosely (case, spaces, O for 0) and refuses what cannot be one', () => {
    expect(normaliseVerificationCode(' 7kq2 m9xd 4tbn ')).toBe('7KQ2-M9XD-4TBN');
    expect(normaliseVerificationCode('7KQ2-M9XD-4TBO')).toBe('7KQ2-M9XD-4TB0');
    expect(normaliseVerificationCode('7KQ2-M9XD')).toBeNull();
    expect(normaliseVerificationCode('7KQ2-M9XD-4TB!')).toBeNull();
  });
});
