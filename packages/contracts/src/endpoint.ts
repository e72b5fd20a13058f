import type { z } from 'zod';
import type { PermissionFlag } from './permissions.ts';
import type { RoleKey } from './roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint.
 * - `public`: no session needed.
 * - `session`: any signed-in user.
 * - otherwise: a signed-in user holding every flag in `all` and at least one in `any`,
 *   or one of `roles` (role keys, see roles.ts).
 */
export type TPermissionRule =
  | 'public'
  | 'session'
  | { all?: readonly PermissionFlag[]; any?: readonly PermissionFlag[]; roles?: readonly RoleKey[] };

/** How the body of a successful answer is encoded. */
export type TResponseKind = 'json' | 'text' | 'file';

export type TEndpoint = {
  /** Unique, stable name used by the console client and the server routes. */
  id: string;
  method: HttpMethod;
  /** Path below `/rest/services/`, with `{name}` placeholders for path parameters. */
  path: string;
  summary: string;
  permission: TPermissionRule;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  responseKind?: TResponseKind;
  /** True when the spec names no method for this call and the method is our decision. */
  methodChosen?: boolean;
  /** True for a call spec §7 does not list: our addition, recorded in its area's file of docs/decisions/. */
  beyondSpec?: boolean;
};

export function defineEndpoint<const E extends TEndpoint>(endpoint: E): E {
  return endpoint;
}

export const API_PREFIX = '/rest/services/';

/** Turns `delete/{id}` into `delete/:id` for the HTTP router. */
export function toRouterPath(path: string): string {
  return API_PREFIX + path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills `{name}` placeholders from `params`, URI-encoding each value. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
