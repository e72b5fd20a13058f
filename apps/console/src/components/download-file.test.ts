import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts, dismissAlert } from '../alerts/alert-store.ts';
import { resetHostCache } from '../lib/api-host.ts';
import { session } from '../session/session-store.ts';
import { makeSessionUser } from '../test/session-user.ts';
import { DOWNLOAD_FRAME_NAME, downloadFields, downloadFile } from './download-file.ts';

type TPosted = { action: string; method: string; target: string; fields: Record<string, string> };

let posted: TPosted[];

beforeEach(() => {
  posted = [];
  resetHostCache();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ host: '' }), { status: 200 })),
  );
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push({
      action: this.getAttribute('action') ?? '',
      method: this.method,
      target: this.target,
      fields: Object.fromEntries([...new FormData(this)].map(([name, value]) => [name, String(value)])),
    });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const alert of alerts.get()) dismissAlert(alert.id);
  document.body.innerHTML = '';
});

const SCREEN_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('downloadFields', () => {
  it("carries the url, the request as JSON without empty values, the token and the screen's time zone", () => {
    expect(
      downloadFields(
        'administration/users/export',
        { first: 0, sortField: 'name', sortOrder: -1, filters: '{"name":"ana"}', domainid: undefined, other: null },
        'tok',
      ),
    ).toEqual({
      url: 'administration/users/export',
      jsonData: '{"first":0,"sortField":"name","sortOrder":-1,"filters":"{\\"name\\":\\"ana\\"}"}',
      authToken: 'tok',
      timeZone: SCREEN_ZONE,
    });
  });
});

describe('downloadFile', () => {
  it('posts a hidden form to DownloadFile into a hidden frame, with the session token', async () => {
    session.start(makeSessionUser({ token: 'session-token' }));
    await downloadFile('administration/companies/export', { first: 0, language: 'en-en' });
    expect(posted).toEqual([
      {
        action: '/rest/services/DownloadFile',
        method: 'post',
        target: DOWNLOAD_FRAME_NAME,
        fields: {
          url: 'administration/companies/export',
          jsonData: '{"first":0,"language":"en-en"}',
          authToken: 'session-token',
          timeZone: SCREEN_ZONE,
        },
      },
    ]);
    expect(document.querySelector('form')).toBeNull();
    const frame = document.querySelector<HTMLIFrameElement>(`iframe[name="${DOWNLOAD_FRAME_NAME}"]`);
    expect(frame?.hidden).toBe(true);
  });

  it('prefixes the host the console talks to', async () => {
    resetHostCache();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ host: 'https://api.example.com' }), { status: 200 })),
    );
    session.start(makeSessionUser());
    await downloadFile('administration/groups/export');
    expect(posted[0]?.action).toBe('https://api.example.com/rest/services/DownloadFile');
  });

  it('reuses one frame for every download', async () => {
    session.start(makeSessionUser());
    await downloadFile('administration/groups/export');
    await downloadFile('administration/users/export');
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(posted).toHaveLength(2);
  });

  it('shows the error key of a failed download that answered into the frame', async () => {
    session.start(makeSessionUser());
    await downloadFile('administration/groups/export');
    const frame = document.querySelector<HTMLIFrameElement>('iframe') as HTMLIFrameElement;
    const doc = frame.contentDocument as Document;
    doc.body.textContent = '{"key":"ERR_FORBIDDEN"}';
    frame.dispatchEvent(new Event('load'));
    expect(alerts.get().map((alert) => alert.key)).toEqual(['ERR_FORBIDDEN']);
  });
});
