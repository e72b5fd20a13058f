import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';
import { der, fromDer, integer, OID, oid, sequence, signCms } from '../../apps/server/src/evidence/cms-signature.ts';
import { readDemo } from '../../apps/server/src/evidence/seal.ts';
import { createDemoTsaP12 } from '../../apps/server/src/evidence/timestamps.ts';

const { asn1 } = forge;
const { Class, Type } = asn1;
const POLICY = '2.25.198146862301374127436120385468297513803';

/**
 * An RFC 3161 time-stamping authority over HTTP on a loopback port, for the benchmark: it answers a TimeStampReq
 * with a granted TimeStampResp whose token stamps the request's imprint and nonce, signed by a fresh TSA key issued
 * by its own CA (the token carries both). Its signing runs on the bench's own CPU, so its cost counts against Sello.
 */
export async function startLoopbackTsa(): Promise<{ url: string; answered: () => number; close: () => Promise<void> }> {
  const password = randomBytes(12).toString('hex');
  const { p12, caKey } = createDemoTsaP12('Bench', password);
  const tsa = readDemo(JSON.stringify({ password, p12: p12.toString('base64'), caKey }));
  const signer = {
    leaf: tsa.leaf.raw,
    chain: tsa.chain.map((certificate) => certificate.raw),
    privateKey: tsa.privateKey,
  };
  let answered = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      try {
        const query = fromDer(Buffer.concat(chunks)).value as forge.asn1.Asn1[];
        const imprint = query[1]!;
        const nonce = query.slice(2).find((node) => node.tagClass === Class.UNIVERSAL && node.type === Type.INTEGER);
        const info = sequence([
          integer(1),
          oid(POLICY),
          imprint,
          asn1.create(Class.UNIVERSAL, Type.INTEGER, false, `\u0001${randomBytes(15).toString('binary')}`),
          asn1.create(Class.UNIVERSAL, Type.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(new Date())),
          ...(nonce ? [nonce] : []),
        ]);
        const token = await signCms({ content: der(info), encapsulate: OID.tstInfo, signer });
        const reply = der(sequence([sequence([integer(0)]), fromDer(token)]));
        answered += 1;
        response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply);
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    answered: () => answered,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
