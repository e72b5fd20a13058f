import { downloadApi } from '@sello/contracts/catalogue/download';
import { API_PREFIX } from '@sello/contracts/endpoint';
import { notify } from '../alerts/alert-store.ts';
import { resolveHost } from '../lib/api-host.ts';
import { session } from '../session/session-store.ts';

/** Name of the hidden frame the download forms post into, so the console page stays where it is. */
export const DOWNLOAD_FRAME_NAME = 'sello-download-frame';

/**
 * The fields of a DownloadFile form post (spec §7): the target call, its request as JSON, the session token,
 * and the zone this screen shows times in (exports write their date-times in it).
 */
export function downloadFields(url: string, data: Record<string, unknown>, authToken: string): Record<string, string> {
  const request = Object.fromEntries(
    Object.entries(data).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { url, jsonData: JSON.stringify(request), authToken, ...(timeZone && { timeZone }) };
}

/** A failed download answers a JSON error into the frame: show its key. A file never loads there. */
function reportFrameError(frame: HTMLIFrameElement): void {
  let text: string | null | undefined;
  try {
    text = frame.contentDocument?.body?.textContent;
  } catch {
    return;
  }
  if (!text) return;
  try {
    const body = JSON.parse(text) as { key?: unknown; params?: Record<string, string | number> };
    if (typeof body.key === 'string') notify.error(body.key, { params: body.params });
  } catch {
    // Not an error answer.
  }
}

function downloadFrame(): HTMLIFrameElement {
  const existing = document.querySelector<HTMLIFrameElement>(`iframe[name="${DOWNLOAD_FRAME_NAME}"]`);
  if (existing) return existing;
  const frame = document.createElement('iframe');
  frame.name = DOWNLOAD_FRAME_NAME;
  frame.title = DOWNLOAD_FRAME_NAME;
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.testid = 'download-frame';
  frame.addEventListener('load', () => reportFrameError(frame));
  document.body.append(frame);
  return frame;
}

/**
 * Downloads the file a call makes (list exports, previews) by posting a hidden form to DownloadFile
 * with `url` (the call's path below /rest/services/), `jsonData` (its query or body as JSON; empty
 * values left out) and `authToken` (the session token: a form post carries no auth-token header).
 */
export async function downloadFile(url: string, data: Record<string, unknown> = {}): Promise<void> {
  const host = await resolveHost();
  const frame = downloadFrame();
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = `${host}${API_PREFIX}${downloadApi.downloadFile.path}`;
  form.target = frame.name;
  form.hidden = true;
  for (const [name, value] of Object.entries(downloadFields(url, data, session.token() ?? ''))) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  try {
    form.submit();
  } finally {
    form.remove();
  }
}
