import { adminApi } from '@sello/contracts/catalogue/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts, dismissAlert } from '../alerts/alert-store.ts';
import { callEndpoint } from '../api/http-client.ts';
import { checkVersion } from './version-check.ts';

vi.mock('../api/http-client.ts', () => ({ callEndpoint: vi.fn() }));

const shown = () => alerts.get().map(({ kind, key }) => ({ kind, key }));
/** The build's version info as the console's build writes it (vite.config.ts). */
const versionJson = (body: unknown, status = 200) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));

describe('version check', () => {
  beforeEach(() => {
    vi.mocked(callEndpoint).mockResolvedValue('0.1.0\n');
  });
  afterEach(() => {
    for (const alert of alerts.get()) dismissAlert(alert.id);
    vi.restoreAllMocks();
  });

  it('reads implementation_version from version.json and says nothing when it is the server version', async () => {
    versionJson({ implementation_version: '0.1.0' });
    await checkVersion();
    expect(vi.mocked(callEndpoint).mock.calls[0]?.[0]).toBe(adminApi.version);
    expect(shown()).toEqual([]);
  });

  it('announces a new version when the server answers another one', async () => {
    versionJson({ implementation_version: '0.0.9' });
    await checkVersion();
    expect(shown()).toEqual([{ kind: 'info', key: 'NEW_VERSION_AVAILABLE' }]);
  });

  it('says ERROR_GET_VERSION when the version info cannot be read', async () => {
    versionJson({}, 404);
    await checkVersion();
    expect(shown()).toEqual([{ kind: 'error', key: 'ERROR_GET_VERSION' }]);
  });
});
