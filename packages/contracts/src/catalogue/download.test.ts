import { describe, expect, it } from 'vitest';
import { ZDownloadFileRequest } from './download.ts';

describe('ZDownloadFileRequest', () => {
  it.each(['shippings/shippingsreport', '/rest/services/administration/users/export', 'templates/preview', 'a/b-c/1'])(
    'accepts the API path %s',
    (url) => {
      expect(ZDownloadFileRequest.safeParse({ url, jsonData: '{}', authToken: 't' }).success).toBe(true);
    },
  );

  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/etc/passwd',
    'shippings/../security/login',
    'shippings/report?x=1',
    'shippings//report',
    '',
    '/rest/services/',
  ])('refuses %j', (url) => {
    expect(ZDownloadFileRequest.safeParse({ url, jsonData: '{}', authToken: 't' }).success).toBe(false);
  });

  it('needs the session token', () => {
    expect(ZDownloadFileRequest.safeParse({ url: 'templates/export', authToken: '' }).success).toBe(false);
    expect(ZDownloadFileRequest.parse({ url: 'templates/export', authToken: 't' }).jsonData).toBe('{}');
  });
});
