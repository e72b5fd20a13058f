import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { E2E } from '../e2e-env.ts';
import { withDatabase } from './helpers.ts';

const run = promisify(execFile);

type TMail = { to: string[]; subject: string; text: string };

/** A receiver of postal shippings, with a Madrid address the print room can put in a window envelope. */
export const POSTAL_RECEIVER = {
  name: 'Lucía Fernández',
  documentType: 'DNI',
  documentNumber: '12345678Z',
  postal: {
    streetType: 'CALLE',
    street: 'Mayor',
    streetNumber: '7',
    postalCode: '28013',
    city: 'Madrid',
    country: 'ES',
  },
};

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The messages the test mail server received for `address`, oldest first. */
export async function mailsTo(address: string): Promise<TMail[]> {
  const response = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/messages`);
  const mails = (await response.json()) as TMail[];
  return mails.filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** Waits for the e-mail that carries a receiver's link, and answers the link. */
export async function waitForRecipientLink(address: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        for (const mail of await mailsTo(address)) {
          const match = /https?:\/\/[^\s"<>]+\/portal\/#\/r\/[A-Za-z0-9_-]{43}/.exec(mail.text);
          if (match) link = match[0];
        }
        return link;
      },
      { timeout: 60_000, message: `an e-mail with a recipient link for ${address}` },
    )
    .not.toBe('');
  return link;
}

/** The bodies of the outbox messages of one purpose to a recipient (sandbox, or no provider), oldest first. */
export function outboxBodies(recipient: string, purpose: 'access' | 'pin' | 'reminder'): Promise<string[]> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ body: string }>(
      'SELECT body FROM outbox WHERE recipient = $1 AND purpose = $2 ORDER BY id',
      [recipient, purpose],
    );
    return rows.map((row) => row.body);
  });
}

/** Waits for a PIN message in the outbox and answers the PIN it carries (the last one sent). */
export async function waitForPin(recipient: string, sentBefore = 0): Promise<string> {
  let pin = '';
  await expect
    .poll(
      async () => {
        const bodies = await outboxBodies(recipient, 'pin');
        if (bodies.length <= sentBefore) return '';
        pin = /\b(\d{6})\b/.exec(bodies.at(-1)!)?.[1] ?? '';
        return pin;
      },
      { timeout: 30_000, message: `a PIN in the outbox for ${recipient}` },
    )
    .not.toBe('');
  return pin;
}

/** A shipping's state and result as stored. */
export function shippingOutcome(id: number): Promise<{ state: string; result: string | null }> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ state: string; result: string | null }>(
      'SELECT state, result FROM shippings WHERE id = $1',
      [id],
    );
    return rows[0]!;
  });
}

/**
 * Checks a PDF's signature with poppler's `pdfsig`, an implementation independent of ours, and
 * answers the PDF's text (poppler's `pdftotext`) for the caller to read.
 */
export async function verifySignedPdf(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sello-cert-'));
  const file = path.join(dir, 'certificate.pdf');
  await writeFile(file, bytes);
  // pdfsig exits non-zero when a signature does not verify; the demo CA is not in the system trust store.
  const { stdout } = await run('pdfsig', ['-nocert', file]);
  expect(stdout).toContain('Signature Validation: Signature is Valid.');
  expect(stdout).toMatch(/Signature Type: ETSI\.CAdES\.detached|Signature Type: adbe\.pkcs7\.detached/);
  // The signature covers the whole document as signed; only the long-term validation data (a DSS with the seal's
  // and the TSA's chains and CRLs) and a document time-stamp over the whole (PAdES B-LTA) are appended after it, as
  // incremental updates that add no page and no page content (a signature's /Contents is its inline CMS).
  const ranges = /Signed Ranges: \[0 - \d+\], \[\d+ - (\d+)\]/.exec(stdout);
  expect(ranges).not.toBeNull();
  const tail = bytes.subarray(Number(ranges![1])).toString('latin1');
  if (tail.trim() !== '') {
    expect(tail).toContain('/DSS');
    expect(tail).toContain('/DocTimeStamp');
    expect(tail).not.toMatch(/\/Type\s*\/Page\b|\/Contents\s+\d+\s+\d+\s+R/);
  }
  const text = await run('pdftotext', ['-layout', file, '-']);
  return text.stdout;
}
