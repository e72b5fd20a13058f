import { adminApi } from '@sello/contracts/catalogue/admin';
import { notify } from '../alerts/alert-store.ts';
import { callEndpoint } from '../api/http-client.ts';

/** Compares the console's build version (assets/json/version.json) with the server's. */
export async function checkVersion(fetchBuildVersion = defaultBuildVersion): Promise<void> {
  try {
    const [build, server] = await Promise.all([
      fetchBuildVersion(),
      callEndpoint(adminApi.version, {}, { background: true }),
    ]);
    if (String(server).trim() !== build) notify.info('NEW_VERSION_AVAILABLE', { persistent: true });
  } catch {
    notify.error('ERROR_GET_VERSION');
  }
}

async function defaultBuildVersion(): Promise<string> {
  const response = await fetch(`assets/json/version.json?t=${Date.now()}`);
  if (!response.ok) throw new Error(`version.json ${response.status}`);
  // The version info of spec §3: one field, implementation_version.
  return ((await response.json()) as { implementation_version: string }).implementation_version;
}

/** Runs the check now and then every `minutes` minutes. */
export function startVersionCheck(minutes: number): () => void {
  void checkVersion();
  const timer = setInterval(() => void checkVersion(), Math.max(1, minutes) * 60_000);
  return () => clearInterval(timer);
}
