import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

const feedback = {
  name: 'Javier Ruiz',
  email: 'company.user@sello.local',
  subject: 'The list does not load',
  msg: 'After choosing a date range the list stays empty.',
  currentUrl: 'http://localhost:8080/#/account',
  guid: 'f2d1c0de-0000-4000-8000-000000000001',
  resolution: '1280x800',
  deviceInfo: 'Chromium on Linux',
};

describe('configuration/getOtherConfig', () => {
  it('answers the footer links and settings without a session', async () => {
    const response = await new TestClient(t.app).get('configuration/getOtherConfig');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      legalNoticeUrl: '/legal.html#legal-notice',
      manualUrlEs: null,
      fileUploadMaxSizeKb: 5120,
      sessionTimeMinutes: 5,
    });
  });
});

describe('configuration/getPreference', () => {
  it('answers preferences the console reads and null for any other name', async () => {
    const client = await signedInClient(t.app, 'company.user');
    expect((await client.get('configuration/getPreference?preference=FRONTEND_SESSION_TIME_MINUTES')).json()).toEqual({
      value: '5',
    });
    expect((await client.get('configuration/getPreference?preference=SMTP_PASSWORD')).json()).toEqual({ value: null });
    expect((await client.get('configuration/getPreferenceSmsMaxCharacters')).json()).toEqual({ value: '160' });
  });

  it('needs a session', async () => {
    expect((await new TestClient(t.app).get('configuration/getPreference?preference=REFRESH_TIME')).statusCode).toBe(
      401,
    );
  });

  it('requires the preference name', async () => {
    const client = await signedInClient(t.app, 'company.user');
    const response = await client.get('configuration/getPreference');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ preference: 'ERR_FIELD_REQUIRED' });
  });
});

describe('configuration/busLanguages', () => {
  it('lists the three console languages', async () => {
    const response = await new TestClient(t.app).get('configuration/busLanguages');
    expect(response.json().map((entry: { value: string }) => entry.value)).toEqual(['es-es', 'en-en', 'pt-pt']);
  });
});

describe('configuration/sendFeedback', () => {
  it('stores a report with its attachment and the signed-in user', async () => {
    const client = await signedInClient(t.app, 'company.user');
    const response = await client.post('configuration/sendFeedback', {
      ...feedback,
      file: { name: 'screen.png', type: 'image/png', content: dataUrl('image/png', PNG) },
    });
    expect(response.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('feedback as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select([
        'u.username',
        'f.subject',
        'f.file_name',
        'f.file_type',
        'f.file_content',
        'f.file_key',
        'f.current_url',
        'f.mailed_at',
      ])
      .where('f.guid', '=', feedback.guid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: 'company.user',
      subject: feedback.subject,
      file_name: 'screen.png',
      file_type: 'image/png',
      current_url: feedback.currentUrl,
      mailed_at: null,
    });
    // The attachment lives in the blob store, named by its SHA-256, not in the row.
    expect(row.file_content).toBeNull();
    expect(row.file_key).toBe(createHash('sha256').update(PNG).digest('hex'));
    expect(Buffer.compare(await t.ctx.blobs.read(row.file_key!), PNG)).toBe(0);
  });

  it('rejects an attachment whose bytes are not an image or a PDF, whatever type it claims', async () => {
    const before = await t.database.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await new TestClient(t.app).post('configuration/sendFeedback', {
      ...feedback,
      file: { name: 'evil.png', type: 'image/png', content: dataUrl('image/png', Buffer.from('#!/bin/sh\necho hi\n')) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ key: 'ERR_FILE_TYPE' });
    const after = await t.database.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('rejects a declared type outside image/* and PDF', async () => {
    const response = await new TestClient(t.app).post('configuration/sendFeedback', {
      ...feedback,
      file: { name: 'notes.txt', type: 'text/plain', content: dataUrl('text/plain', Buffer.from('hello')) },
    });
    expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields: { 'file.type': 'ERR_FILE_TYPE' } });
  });

  it('rejects an attachment over FILE_UPLOAD_MAX_SIZE with the size', async () => {
    await t.database.db
      .updateTable('preferences')
      .set({ value: '1' })
      .where('name', '=', 'FILE_UPLOAD_MAX_SIZE')
      .execute();
    const client = await signedInClient(t.app, 'super.admin');
    await client.get('admin/clearpreferencecache');
    const big = Buffer.concat([PNG, Buffer.alloc(2048)]);
    const response = await client.post('configuration/sendFeedback', {
      ...feedback,
      file: { name: 'big.png', type: 'image/png', content: dataUrl('image/png', big) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ key: 'ERR_MAX_FILE_SIZE', params: { size: 1 } });
    await t.database.db
      .updateTable('preferences')
      .set({ value: '5120' })
      .where('name', '=', 'FILE_UPLOAD_MAX_SIZE')
      .execute();
    await client.get('admin/clearpreferencecache');
  });

  it('answers every field error of the form at once', async () => {
    const response = await new TestClient(t.app).post('configuration/sendFeedback', {
      name: '',
      email: 'nope',
      subject: 'x'.repeat(201),
      msg: 'y'.repeat(501),
    });
    expect(response.json()).toEqual({
      key: 'ERR_VALIDATION',
      fields: {
        name: 'ERR_FIELD_REQUIRED',
        email: 'ERR_EMAIL_INVALID',
        subject: 'ERR_FIELD_TOO_LONG',
        msg: 'ERR_FIELD_TOO_LONG',
      },
    });
  });
});

describe('admin', () => {
  it('answers the version as text to anyone', async () => {
    const response = await new TestClient(t.app).get('admin/version');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('lets administrators clear the preference cache and refuses plain users', async () => {
    await t.database.db
      .updateTable('preferences')
      .set({ value: '7' })
      .where('name', '=', 'FRONTEND_SESSION_TIME_MINUTES')
      .execute();
    const user = await signedInClient(t.app, 'company.user');
    expect((await user.get('admin/clearpreferencecache')).statusCode).toBe(403);
    const admin = await signedInClient(t.app, 'company.admin');
    expect((await admin.get('admin/clearpreferencecache')).statusCode).toBe(200);
    const fresh = await signedInClient(t.app, 'company.user');
    expect((await fresh.get('configuration/getPreference?preference=FRONTEND_SESSION_TIME_MINUTES')).json()).toEqual({
      value: '7',
    });
    await t.database.db
      .updateTable('preferences')
      .set({ value: '5' })
      .where('name', '=', 'FRONTEND_SESSION_TIME_MINUTES')
      .execute();
    await admin.get('admin/clearpreferencecache');
  });
});
