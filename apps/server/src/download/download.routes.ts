import { CATALOGUE } from '@sello/contracts/catalogue';
import { downloadApi } from '@sello/contracts/catalogue/download';
import { COOKIES, HEADERS } from '@sello/contracts/constants';
import { API_PREFIX, type TEndpoint } from '@sello/contracts/endpoint';
import type { TAppContext } from '../app-context.ts';
import { ApiError } from '../platform/api-error.ts';
import { findRefusedInput } from '../platform/input-guard.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';

/** The calls a DownloadFile form may run: those whose answer is a file. */
const FILE_ENDPOINTS = CATALOGUE.filter(
  (endpoint) => endpoint.responseKind === 'file' && endpoint.path !== 'DownloadFile',
);

function findFileEndpoint(path: string): TEndpoint | undefined {
  return FILE_ENDPOINTS.find((endpoint) => {
    const pattern = new RegExp(`^${endpoint.path.replace(/\{\w+\}/g, '[^/]+')}$`);
    return pattern.test(path);
  });
}

function toQueryString(data: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    search.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Spec §7: exports and previews post a hidden form (url, jsonData, authToken). The target call runs
 * inside the server as if the user had called it, with the same access rules, and its file is answered.
 */
export function registerDownloadRoutes({ app }: TAppContext): void {
  registerEndpoint(app, downloadApi.downloadFile, async ({ body, reply }) => {
    const path = body.url.replace(/^\/rest\/services\//, '');
    const target = findFileEndpoint(path);
    if (!target) throw new ApiError(400, 'ERR_VALIDATION', { url: 'ERR_FIELD_INVALID' });
    let data: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(body.jsonData);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      data = parsed as Record<string, unknown>;
    } catch {
      throw new ApiError(400, 'ERR_VALIDATION', { jsonData: 'ERR_FIELD_INVALID' });
    }
    // What the inner call's own check would refuse, refused before it is written out again (a JSON nested
    // thousands deep overflowed the stack doing so).
    const refused = findRefusedInput(data);
    if (refused) throw new ApiError(400, 'ERR_VALIDATION', { jsonData: refused.key });
    const internalXsrf = 'download-file-internal';
    const hasBody = target.method === 'POST' || target.method === 'PUT';
    const response = await app.inject({
      method: target.method,
      url: `${API_PREFIX}${path}${hasBody ? '' : toQueryString(data)}`,
      headers: {
        [HEADERS.authToken]: body.authToken,
        [HEADERS.xsrf]: internalXsrf,
        cookie: `${COOKIES.xsrf}=${internalXsrf}`,
        ...(body.timeZone && { [HEADERS.timeZone]: body.timeZone }),
      },
      ...(hasBody && { payload: data }),
      // The answer is passed on as the call writes it: a 100,000-row export starts at once and is
      // never held whole in memory.
      payloadAsStream: true,
    });
    reply.code(response.statusCode);
    for (const name of ['content-type', 'content-disposition']) {
      const value = response.headers[name];
      if (typeof value === 'string') reply.header(name, value);
    }
    // A client that goes away ends the call inside too (an export's database cursor is closed with it).
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) response.raw.res.destroy();
    });
    return reply.send(response.stream());
  });
}
