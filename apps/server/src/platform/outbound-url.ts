import { type LookupAddress, type LookupAllOptions, lookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { TConfig } from '../config.ts';
import { classifyAddress } from './outbound-address.ts';

/**
 * Which URLs the server may fetch when a tenant's configuration names them (docs/decisions/federation.md "Federated sign-in:
 * binding and outbound URLs"): public hosts only, https only in production.
 */
export type TOutboundPolicy = { allowPrivateHosts: boolean; allowHttp: boolean };

export function outboundPolicyOf(config: Pick<TConfig, 'NODE_ENV' | 'OUTBOUND_ALLOW_PRIVATE_HOSTS'>): TOutboundPolicy {
  return { allowPrivateHosts: config.OUTBOUND_ALLOW_PRIVATE_HOSTS, allowHttp: config.NODE_ENV !== 'production' };
}

type TOutboundRefusal = 'url' | 'scheme' | 'address' | 'unresolved' | 'redirect' | 'too-large';

/** A URL the policy does not let the server fetch, or an answer it does not follow. */
export class OutboundUrlRefused extends Error {
  readonly reason: TOutboundRefusal;
  constructor(reason: TOutboundRefusal, detail: string) {
    super(`outbound URL refused (${reason}): ${detail}`);
    this.reason = reason;
  }
}

const MAX_BODY_BYTES = 1024 * 1024;

function checkAddresses(host: string, addresses: readonly string[], policy: TOutboundPolicy) {
  if (policy.allowPrivateHosts) return;
  const refused = addresses.find((address) => classifyAddress(address) !== 'public');
  if (refused !== undefined) throw new OutboundUrlRefused('address', `${host} is ${refused}`);
}

function parseAllowed(url: string | URL, policy: TOutboundPolicy): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundUrlRefused('url', String(url));
  }
  const schemes = policy.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(parsed.protocol)) throw new OutboundUrlRefused('scheme', parsed.protocol);
  if (parsed.username || parsed.password) throw new OutboundUrlRefused('url', 'credentials in the URL');
  return parsed;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Checks a URL before it is stored (the issuer of an identity provider): scheme, and every address its host
 * resolves to. The fetch checks again when it connects.
 */
export async function checkOutboundUrl(url: string, policy: TOutboundPolicy): Promise<void> {
  const parsed = parseAllowed(url, policy);
  const host = hostOf(parsed);
  if (policy.allowPrivateHosts) return;
  if (isIP(host)) return checkAddresses(host, [host], policy);
  let addresses: LookupAddress[];
  try {
    addresses = await new Promise((resolve, reject) =>
      lookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
    );
  } catch {
    throw new OutboundUrlRefused('unresolved', host);
  }
  checkAddresses(
    host,
    addresses.map((entry) => entry.address),
    policy,
  );
}

/**
 * The connection's own name resolution: every address is checked at connect time, so a name that resolves to a
 * public address when checked and to a private one a moment later (DNS rebinding) is refused all the same.
 */
function guardedLookup(policy: TOutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses) => {
      if (error) return callback(error, '', 4);
      try {
        checkAddresses(
          hostname,
          addresses.map((entry) => entry.address),
          policy,
        );
      } catch (refusal) {
        return callback(refusal as NodeJS.ErrnoException, '', 4);
      }
      if ((options as { all?: boolean }).all)
        return (callback as never as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new OutboundUrlRefused('unresolved', hostname), '', 4);
      callback(null, first.address, first.family);
    });
  };
}

type TOutboundInit = {
  method?: string;
  headers?: HeadersInit;
  body?: string | URLSearchParams;
  signal?: AbortSignal | null;
};

/**
 * `fetch` for URLs a tenant's configuration names, with the guard on every connection. Redirects are never
 * followed (like fetch's `redirect: 'error'`: a 3xx is refused), the answer is at most 1 MiB. With `truncateAt` a
 * longer answer is not refused: its first `truncateAt` bytes are kept and the rest is never read.
 */
export function createOutboundFetch(policy: TOutboundPolicy, { truncateAt }: { truncateAt?: number } = {}) {
  return async function outboundFetch(url: string | URL, init: TOutboundInit = {}): Promise<Response> {
    const target = parseAllowed(url, policy);
    const host = hostOf(target);
    if (isIP(host)) checkAddresses(host, [host], policy);
    const body = init.body === undefined ? undefined : String(init.body);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    if (init.body instanceof URLSearchParams) headers['content-type'] ??= 'application/x-www-form-urlencoded';
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const answer = await new Promise<{ message: IncomingMessage; bytes: Buffer }>((resolve, reject) => {
      const outgoing = send(target, {
        method: init.method ?? 'GET',
        headers,
        lookup: guardedLookup(policy),
        signal: init.signal ?? undefined,
      });
      outgoing.on('error', reject);
      outgoing.on('response', (message) => {
        const chunks: Buffer[] = [];
        let size = 0;
        message.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (truncateAt !== undefined && size >= truncateAt) {
            chunks.push(chunk.subarray(0, chunk.length - (size - truncateAt)));
            message.destroy();
            resolve({ message, bytes: Buffer.concat(chunks) });
          } else if (size > MAX_BODY_BYTES) {
            outgoing.destroy(new OutboundUrlRefused('too-large', `${target.origin} answered over ${MAX_BODY_BYTES}`));
          } else chunks.push(chunk);
        });
        message.on('end', () => resolve({ message, bytes: Buffer.concat(chunks) }));
        message.on('error', reject);
      });
      outgoing.end(body);
    });
    const status = answer.message.statusCode ?? 502;
    if (status >= 300 && status < 400) throw new OutboundUrlRefused('redirect', `${target.origin} answered ${status}`);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.message.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    return new Response(status === 204 || status === 304 ? null : new Uint8Array(answer.bytes), {
      status,
      headers: responseHeaders,
    });
  };
}
