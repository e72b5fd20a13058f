import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TProviderRequest = { headers: IncomingHttpHeaders; body: Record<string, unknown> };

/**
 * A local HTTP server standing in for the generic SMS/WhatsApp provider: it keeps every request and
 * answers `{ id }` (or the status `answer` is set to), so tests see exactly what Sello sent. With `hang` it
 * keeps the request and never answers (a provider that hangs).
 */
export async function startProviderStub() {
  const requests: TProviderRequest[] = [];
  const stub = { requests, url: '', answer: 200, hang: false, close: async () => {} };
  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      raw += chunk;
    });
    request.on('end', () => {
      requests.push({ headers: request.headers, body: JSON.parse(raw || '{}') });
      if (stub.hang) return;
      response.statusCode = stub.answer;
      response.setHeader('content-type', 'application/json');
      response.end(stub.answer < 300 ? JSON.stringify({ id: `prov-${requests.length}` }) : '{"error":"refused"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}
