import { COOKIES, HEADERS } from '@sello/contracts/constants';
import type { TEndpoint } from '@sello/contracts/endpoint';
import { API_PREFIX, fillPath } from '@sello/contracts/endpoint';
import type { TApiError } from '@sello/contracts/error-keys';
import type { z } from 'zod';
import { notify } from '../alerts/alert-store.ts';
import { resolveHost } from '../lib/api-host.ts';
import { readCookie } from '../lib/cookies.ts';
import { closeAllDialogs } from '../lib/dialogs.ts';
import { logout } from '../session/logout.ts';
import { session } from '../session/session-store.ts';
import { trackRequest } from './loading-store.ts';

type Infer<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;

export type TCallInput<E extends TEndpoint> = {
  query?: Infer<E['query']>;
  body?: Infer<E['body']>;
  params?: Record<string, string | number>;
  /**
   * A multipart body (file uploads) instead of the JSON `body`: the fields the endpoint's body schema names,
   * each sent as a part (a File as a file part, a list as one part per item).
   */
  form?: Infer<E['body']>;
};

export type TCallOptions = {
  /** A sign-in call: its failure marks the session logged out and goes back to the caller untouched. */
  isLogin?: boolean;
  /** Do not show the loading overlay (background calls such as the version check). */
  background?: boolean;
  /** Send this token instead of the session's (the `pwdrecoverlogin` token that only `pwdchg` takes). */
  authToken?: string;
  /** One per intended request (a form submission): a retried call with it creates nothing twice. */
  idempotencyKey?: string;
  /**
   * The caller tells the user the same whatever the outcome (the feedback of spec §4): a failure other than a
   * refused session neither signs out (a network failure included) nor shows an alert nor closes dialogs.
   */
  outcomeIgnored?: boolean;
  /**
   * The dialog that made the call shows a refusal of its input itself (a 400 with field errors: a file refused
   * line by line): dialogs stay open for it instead of closing as for other errors (docs/decisions/console.md).
   */
  refusalShownInDialog?: boolean;
};

/** A failed call. `message` is `status - statusText body` for HTTP errors (spec §8). */
export class ApiCallError extends Error {
  readonly status: number;
  readonly body: Partial<TApiError> | null;

  constructor(message: string, status: number, body: Partial<TApiError> | null) {
    super(message);
    this.status = status;
    this.body = body;
  }

  get key(): string | undefined {
    return this.body?.key;
  }

  get fields(): Record<string, string> {
    return this.body?.fields ?? {};
  }

  /** Values to embed in one field's message, by field path. */
  get fieldParams(): Record<string, Record<string, string | number>> {
    return this.body?.fieldParams ?? {};
  }
}

function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Spec §8: what a failed call does to the session and the screen, then the error to re-raise. */
function handleFailure(error: ApiCallError, url: string, options: TCallOptions): ApiCallError {
  if (options.isLogin) {
    session.clear();
    return error;
  }
  if (error.key === 'ERR_PWD_RECOVER_TOKEN') return error;
  if (error.status === 401 || error.status === 403) {
    // The original console applied this only to URLs with fewer than two question marks.
    if ((url.match(/\?/g) ?? []).length < 2) {
      const key = error.key ?? 'ERR_TKN_INVALID';
      const silent = key === 'ERR_PIN_INVALID' && Object.keys(error.fields).length === 0;
      logout(silent ? undefined : { kind: 'error', key });
    }
    return error;
  }
  if (options.outcomeIgnored) return error;
  if (error.status === 0 || isMissingRoute(error)) {
    // Spec §8's logout, for a signed-in user only: signed out (on /login) it would reload the page into the
    // same failure again and again.
    if (session.isLoggedIn()) logout({ kind: 'error', key: 'ERR_SYSTEM_NOT_AVAILABLE' });
    else notify.error('ERR_SYSTEM_NOT_AVAILABLE');
    return error;
  }
  const refusal = error.status === 400 && Object.keys(error.fields).length > 0;
  if (!(options.refusalShownInDialog && refusal)) closeAllDialogs();
  // A record that does not exist or belongs to another tenant: the API's own 404, shown where the user is.
  if (error.status === 404) notify.error(error.key ?? 'ERR_NOT_FOUND', { params: error.body?.params });
  return error;
}

/**
 * A 404 that is not the API's 'no such record': the server does not have the call (ERR_ROUTE_NOT_FOUND), or
 * something other than the API answered (no error key).
 */
function isMissingRoute(error: ApiCallError): boolean {
  return error.status === 404 && (error.key === undefined || error.key === 'ERR_ROUTE_NOT_FOUND');
}

/** The parts of a multipart body, in the order of its fields; absent fields send no part. */
export function toFormData(fields: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      if (item instanceof File) form.append(name, item, item.name);
      else form.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  return form;
}

/** Sends one call with the session, XSRF and host rules of spec §7; answers the raw response. */
async function sendCall<E extends TEndpoint>(endpoint: E, input: TCallInput<E>, options: TCallOptions) {
  const host = await resolveHost();
  const url = `${host}${API_PREFIX}${fillPath(endpoint.path, input.params)}${buildQuery(input.query as Record<string, unknown>)}`;
  const headers: Record<string, string> = { Accept: endpoint.responseKind === 'file' ? '*/*' : 'application/json' };
  const token = options.authToken ?? session.token();
  if (token) headers[HEADERS.authToken] = token;
  const xsrf = readCookie(COOKIES.xsrf);
  if (xsrf) headers[HEADERS.xsrf] = xsrf;
  if (input.body !== undefined && !input.form) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers[HEADERS.idempotencyKey] = options.idempotencyKey;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (timeZone) headers[HEADERS.timeZone] = timeZone;

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      credentials: 'include',
      ...(input.body !== undefined && { body: JSON.stringify(input.body) }),
      ...(input.form && { body: toFormData(input.form) }),
    });
  } catch (cause) {
    throw handleFailure(new ApiCallError((cause as Error).message, 0, null), url, options);
  }

  const nextToken = response.headers.get(HEADERS.authToken);
  if (nextToken) session.replaceToken(nextToken, Number(response.headers.get(HEADERS.authTokenExpires)));

  if (!response.ok) {
    const body = await parseBody(response);
    const text = body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const error = new ApiCallError(
      `${response.status} - ${response.statusText} ${text}`.trimEnd(),
      response.status,
      body && typeof body === 'object' ? (body as Partial<TApiError>) : null,
    );
    throw handleFailure(error, url, options);
  }
  return response;
}

/** The one way the console talks to the server. */
export async function callEndpoint<E extends TEndpoint>(
  endpoint: E,
  input: TCallInput<E> = {},
  options: TCallOptions = {},
): Promise<Output<E['response']>> {
  const run = async () => (await parseBody(await sendCall(endpoint, input, options))) as Output<E['response']>;
  return options.background ? run() : trackRequest(run);
}

/** A call that answers a file (e.g. a shipping's original document), read as a Blob. */
export async function fetchEndpointFile<E extends TEndpoint>(
  endpoint: E,
  input: TCallInput<E> = {},
  options: TCallOptions = {},
): Promise<Blob> {
  const run = async () => (await sendCall(endpoint, input, options)).blob();
  return options.background ? run() : trackRequest(run);
}

/** Shows the translated key of a failed call; used by screens that have no field to attach it to. */
export function notifyFailure(error: unknown): void {
  if (error instanceof ApiCallError) {
    if (error.status === 401 || error.status === 403 || error.status === 404 || error.status === 0) return;
    notify.error(error.key ?? 'ERR_INTERNAL', { params: error.body?.params });
    return;
  }
  notify.error('ERR_INTERNAL');
}
