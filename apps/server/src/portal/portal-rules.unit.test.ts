import {
  CAPTURE_MAX_BYTES,
  CAPTURE_MIN_BYTES,
  PIN_MAX_ATTEMPTS,
  PIN_VALID_MINUTES,
} from '@sello/contracts/portal-limits';
import { describe, expect, it } from 'vitest';
import {
  answerOpen,
  asksForPin,
  captureCountOf,
  captureErrorSubstate,
  captureExtension,
  captureProblem,
  custodyEnd,
  DEFAULT_CUSTODY_DAYS,
  dayStart,
  documentsAvailable,
  hashPin,
  languageOf,
  maskContact,
  outcomeOf,
  pinAttemptsLeft,
  pinExpiry,
  pinRoute,
  portalModeOf,
  samePin,
  tallyCaptures,
  waitsForPrevious,
} from './portal-rules.ts';

const NOW = new Date('2025-03-10T15:30:00Z');
const DAY = 86_400_000;

const open = { status: 'opened', answeredAt: null, result: null, state: 'in_course' };

describe('portalModeOf', () => {
  it('gives each service kind its page', () => {
    expect(portalModeOf('acceptance')).toBe('sign');
    expect(portalModeOf('double_acceptance')).toBe('sign');
    expect(portalModeOf('certified_email')).toBe('readOnly');
    expect(portalModeOf('certified_sms')).toBe('readOnly');
    expect(portalModeOf('custody')).toBe('acknowledge');
    expect(portalModeOf('no such kind')).toBe('readOnly');
  });
});

describe('PINs', () => {
  it('are asked only by the acceptance kinds, not by an express one, unless the type names a PIN method', () => {
    expect(asksForPin({ serviceKind: 'acceptance', signMethod: null })).toBe(true);
    expect(asksForPin({ serviceKind: 'double_acceptance', signMethod: null })).toBe(true);
    expect(asksForPin({ serviceKind: 'express_acceptance', signMethod: null })).toBe(false);
    expect(asksForPin({ serviceKind: 'express_acceptance', signMethod: 'CLICK' })).toBe(false);
    expect(asksForPin({ serviceKind: 'express_acceptance', signMethod: 'WHATSAPP_SMS' })).toBe(true);
    // A signature (drawn, or with the receiver's own certificate) stands instead of the PIN.
    expect(asksForPin({ serviceKind: 'acceptance', signMethod: 'BIOHAND_GRAPH' })).toBe(false);
    expect(asksForPin({ serviceKind: 'acceptance', signMethod: 'PKI' })).toBe(false);
  });

  it('are hashed per receiver and compared against the hash', () => {
    const hash = hashPin('7', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashPin('8', '123456')).not.toBe(hash);
    expect(samePin(hash, '7', '123456')).toBe(true);
    expect(samePin(hash, '7', '123457')).toBe(false);
    expect(samePin(hash, '8', '123456')).toBe(false);
  });

  it('go by SMS when there is a mobile, else by email, else nowhere, when the type names no PIN method', () => {
    expect(pinRoute({ mobile: '+34600111222', email: 'a@b.es', signMethod: null })).toEqual({
      channel: 'sms',
      recipient: '+34600111222',
      fallback: null,
    });
    expect(pinRoute({ mobile: null, email: 'a@b.es', signMethod: null })).toEqual({
      channel: 'email',
      recipient: 'a@b.es',
      fallback: null,
    });
    expect(pinRoute({ mobile: null, email: null, signMethod: null })).toBeNull();
  });

  it("go on the channel the type's PIN method names, with its fallback, or nowhere without that contact", () => {
    const both = { mobile: '+34600111222', email: 'a@b.es' };
    expect(pinRoute({ ...both, signMethod: 'PIN_EMAIL' })).toEqual({
      channel: 'email',
      recipient: 'a@b.es',
      fallback: null,
    });
    expect(pinRoute({ ...both, signMethod: 'PIN_WHATSAPP' })).toMatchObject({ channel: 'whatsapp', fallback: null });
    expect(pinRoute({ ...both, signMethod: 'WHATSAPP_SMS' })).toEqual({
      channel: 'whatsapp',
      recipient: '+34600111222',
      fallback: 'sms',
    });
    expect(pinRoute({ ...both, signMethod: 'WHATSAPP_VOICE' })).toMatchObject({ fallback: 'voice' });
    expect(pinRoute({ mobile: '+34600111222', email: null, signMethod: 'PIN_EMAIL' })).toBeNull();
    expect(pinRoute({ mobile: null, email: 'a@b.es', signMethod: 'PIN_SMS' })).toBeNull();
  });

  it('expire after their validity and count the attempts left, never below zero', () => {
    expect(pinExpiry(NOW).getTime() - NOW.getTime()).toBe(PIN_VALID_MINUTES * 60_000);
    expect(pinAttemptsLeft(0)).toBe(PIN_MAX_ATTEMPTS);
    expect(pinAttemptsLeft(1)).toBe(PIN_MAX_ATTEMPTS - 1);
    expect(pinAttemptsLeft(PIN_MAX_ATTEMPTS)).toBe(0);
    expect(pinAttemptsLeft(PIN_MAX_ATTEMPTS + 3)).toBe(0);
  });
});

describe('maskContact', () => {
  it('keeps the first letter and the domain of an address, the last three digits of a number', () => {
    expect(maskContact('lucia@example.es')).toBe('l•••@example.es');
    expect(maskContact('+34 600 111 678')).toBe('•••••••••678');
    expect(maskContact('12')).toBe('12');
  });
});

describe('dates', () => {
  it('starts the day at UTC midnight', () => {
    expect(dayStart(NOW).toISOString()).toBe('2025-03-10T00:00:00.000Z');
  });

  it('ends a custody after its days, or after the default when none is named', () => {
    expect(custodyEnd(NOW, 5).getTime()).toBe(NOW.getTime() + 5 * DAY);
    expect(custodyEnd(NOW, null).getTime()).toBe(NOW.getTime() + DEFAULT_CUSTODY_DAYS * DAY);
  });

  it('falls back to Spanish when the receiver has no language', () => {
    expect(languageOf({ language: 'en-en' })).toBe('en-en');
    expect(languageOf({ language: null })).toBe('es-es');
  });
});

describe('outcomeOf', () => {
  it('names the answer the receiver gave', () => {
    expect(outcomeOf({ ...open, status: 'rejected' }, 'sign')).toBe('rejected');
    expect(outcomeOf({ ...open, status: 'accepted', answeredAt: NOW }, 'sign')).toBe('accepted');
    expect(outcomeOf({ ...open, status: 'accepted', answeredAt: NOW }, 'acknowledge')).toBe('acknowledged');
  });

  it('names the way the shipping ended otherwise', () => {
    expect(outcomeOf({ ...open, state: 'closed', result: 'pin_error' }, 'sign')).toBe('pinFailed');
    expect(outcomeOf({ ...open, state: 'closed', result: 'exceeded_ocr_tries' }, 'identification')).toBe(
      'captureFailed',
    );
    expect(outcomeOf({ ...open, state: 'closed', result: 'timeout' }, 'sign')).toBe('expired');
    expect(outcomeOf({ ...open, state: 'cancel_pending' }, 'sign')).toBe('cancelled');
    expect(outcomeOf({ ...open, state: 'closed', result: 'accepted' }, 'sign')).toBe('closed');
    expect(outcomeOf({ ...open, state: 'draft' }, 'sign')).toBe('closed');
  });

  it('names nothing while the shipping waits, a running custody included', () => {
    expect(outcomeOf(open, 'sign')).toBeNull();
    expect(outcomeOf({ ...open, result: 'custody_in_course' }, 'acknowledge')).toBeNull();
  });
});

describe('turns', () => {
  it('lets a receiver answer an open shipping once, never on a read-only page', () => {
    expect(answerOpen(open, 'sign')).toBe(true);
    expect(answerOpen({ ...open, result: 'custody_in_course' }, 'acknowledge')).toBe(true);
    expect(answerOpen(open, 'readOnly')).toBe(false);
    expect(answerOpen({ ...open, answeredAt: NOW }, 'sign')).toBe(false);
    expect(answerOpen({ ...open, result: 'accepted' }, 'sign')).toBe(false);
    expect(answerOpen({ ...open, state: 'closed' }, 'sign')).toBe(false);
  });

  it('makes a signer wait for every signer before it to accept', () => {
    const others = [
      { position: 1, status: 'accepted' },
      { position: 2, status: 'opened' },
      { position: 3, status: 'pending' },
    ];
    expect(waitsForPrevious({ position: 1 }, others)).toBe(false);
    expect(waitsForPrevious({ position: 2 }, others)).toBe(false);
    expect(waitsForPrevious({ position: 3 }, others)).toBe(true);
  });
});

describe('documentsAvailable', () => {
  const custody = { serviceKind: 'custody', state: 'in_course', result: 'custody_in_course', custodyUntil: null };

  it('always offers the documents of a shipping that is not a custody', () => {
    expect(documentsAvailable({ ...custody, serviceKind: 'acceptance', result: 'timeout' }, NOW)).toBe(true);
  });

  it('offers a custody documents until its end only', () => {
    expect(documentsAvailable(custody, NOW)).toBe(true);
    expect(documentsAvailable({ ...custody, custodyUntil: new Date(NOW.getTime() + 1) }, NOW)).toBe(true);
    expect(documentsAvailable({ ...custody, custodyUntil: NOW }, NOW)).toBe(false);
    expect(documentsAvailable({ ...custody, result: null }, NOW)).toBe(true);
    expect(documentsAvailable({ ...custody, state: 'closed', result: 'custody_ended' }, NOW)).toBe(false);
  });
});

describe('captures', () => {
  const webp = (size: number) => Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), Buffer.alloc(size - 12)]);

  it('refuses a type that is not an image, or a WebP without its mark', () => {
    const bytes = Buffer.alloc(CAPTURE_MIN_BYTES);
    expect(captureProblem(bytes, null)).toBe('ERR_FILE_TYPE');
    expect(captureProblem(bytes, 'application/pdf')).toBe('ERR_FILE_TYPE');
    expect(captureProblem(bytes, 'image/webp')).toBe('ERR_FILE_TYPE');
    expect(captureProblem(webp(CAPTURE_MIN_BYTES), 'image/webp')).toBeNull();
  });

  it('refuses a capture too small or too large', () => {
    expect(captureProblem(Buffer.alloc(CAPTURE_MIN_BYTES - 1), 'image/jpeg')).toBe('ERR_MAX_FILE_SIZE');
    expect(captureProblem(Buffer.alloc(CAPTURE_MIN_BYTES), 'image/png')).toBeNull();
    expect(captureProblem(Buffer.alloc(CAPTURE_MAX_BYTES + 1), 'image/jpeg')).toBe('ERR_MAX_FILE_SIZE');
  });

  it('names the file by its type and the failed step by its kind', () => {
    expect(captureExtension('image/png')).toBe('png');
    expect(captureExtension('image/webp')).toBe('webp');
    expect(captureExtension('image/jpeg')).toBe('jpg');
    expect(captureErrorSubstate('PASSPORT')).toBe('IDCARD_SAVING_IDENTITY_ERROR');
    expect(captureErrorSubstate('SELFIE')).toBe('IDCARD_SAVING_IDENTITY_ERROR');
    expect(captureErrorSubstate('OTHER')).toBe('IDCARD_SAVING_OTHER_ERROR');
  });

  it('counts the captures by kind and tallies identity documents, selfies and others', () => {
    const counts = [
      { kind: 'DNI_NIE', count: '1' },
      { kind: 'PASSPORT', count: '2' },
      { kind: 'SELFIE', count: '1' },
      { kind: 'OTHER', count: '4' },
      { kind: null, count: '9' },
    ];
    expect(captureCountOf(counts, 'OTHER')).toBe(4);
    expect(captureCountOf(counts, 'DRIVER_LICENSE')).toBe(0);
    expect(tallyCaptures(counts)).toEqual({ identity: 3, selfie: 1, others: 4 });
    expect(tallyCaptures([])).toEqual({ identity: 0, selfie: 0, others: 0 });
  });
});
