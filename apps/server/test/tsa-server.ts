import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, waitUntilListening } from './ocsp-pki.ts';

const run = promisify(execFile);

export type TTsaTestServer = {
  url: string;
  /** The TSA's certificate and its CA (PEM), what `openssl ts -verify -untrusted/-CAfile` needs. */
  certificatePath: string;
  caPath: string;
  /** The CA's CRL (DER) the server publishes at the TSA certificate's distribution point. */
  crl: Buffer;
  directory: string;
  /** Replies answered so far. */
  answered: () => number;
  /** While down the server closes every connection without answering. */
  setDown: (down: boolean) => void;
  close: () => Promise<void>;
};

const CONFIG = (dir: string) => `
[ tsa ]
default_tsa = tsa_config1
[ tsa_config1 ]
dir = ${dir}
serial = $dir/serial
crypto_device = builtin
signer_cert = $dir/tsa.pem
certs = $dir/ca.pem
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;

const CA_CONFIG = (dir: string) => `
[ ca ]
default_ca = test_ca
[ test_ca ]
database = ${dir}/index.txt
crlnumber = ${dir}/crlnumber
default_md = sha256
default_crl_days = 30
`;

/**
 * An independent RFC 3161 time-stamping authority: OpenSSL's `openssl ts -reply` (Debian openssl) behind a small
 * HTTP wrapper on a free loopback port, with its own CA and a TSA certificate whose only key purpose is timeStamping,
 * valid `days` days; the CA's CRL (made by `openssl ca -gencrl`) is served at the certificate's distribution point.
 */
export async function startTsaServer(options: { days?: number; ocsp?: boolean } = {}): Promise<TTsaTestServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sello-tsa-'));
  const at = (name: string) => path.join(dir, name);
  let crl = Buffer.alloc(0);
  let down = false;
  let answered = 0;
  let sequence = 0;
  const server = createServer((request, response) => {
    if (down) {
      request.socket.destroy();
      return;
    }
    if (request.method === 'GET' && request.url === '/ca.crl') {
      response.writeHead(200, { 'content-type': 'application/pkix-crl' }).end(crl);
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const name = `q${++sequence}`;
      try {
        await writeFile(at(`${name}.tsq`), Buffer.concat(chunks));
        await run('openssl', [
          'ts',
          '-reply',
          '-config',
          at('tsa.cnf'),
          '-queryfile',
          at(`${name}.tsq`),
          '-out',
          at(`${name}.tsr`),
        ]);
        const reply = await readFile(at(`${name}.tsr`));
        answered += 1;
        response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply);
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
    '-days',
    '3650',
    '-subj',
    '/CN=Sello test TSA CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await run('openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    at('tsa.key'),
    '-out',
    at('tsa.csr'),
    '-subj',
    '/CN=Sello test TSA',
  ]);
  const ocspPort = options.ocsp ? await freePort() : null;
  await writeFile(
    at('tsa.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n' +
      `crlDistributionPoints=URI:http://127.0.0.1:${port}/ca.crl\n` +
      (ocspPort ? `authorityInfoAccess=OCSP;URI:http://127.0.0.1:${ocspPort}/\n` : ''),
  );
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    at('tsa.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-out',
    at('tsa.pem'),
    '-days',
    String(options.days ?? 365),
    '-extfile',
    at('tsa.ext'),
  ]);
  await writeFile(at('serial'), '01\n');
  await writeFile(at('tsa.cnf'), CONFIG(dir));
  await writeFile(at('index.txt'), '');
  await writeFile(at('crlnumber'), '01\n');
  await writeFile(at('ca.cnf'), CA_CONFIG(dir));
  await run('openssl', [
    'ca',
    '-gencrl',
    '-config',
    at('ca.cnf'),
    '-keyfile',
    at('ca.key'),
    '-cert',
    at('ca.pem'),
    '-out',
    at('ca.crl.pem'),
  ]);
  await run('openssl', ['crl', '-in', at('ca.crl.pem'), '-outform', 'DER', '-out', at('ca.crl')]);
  crl = await readFile(at('ca.crl'));
  let responder: ChildProcess | null = null;
  if (ocspPort) {
    // The TSA certificate in the CA's database, as `openssl ca` would have written it; the CA answers itself.
    const serial = (await run('openssl', ['x509', '-in', at('tsa.pem'), '-noout', '-serial'])).stdout.split('=')[1]!;
    const end = new Date(
      (await run('openssl', ['x509', '-in', at('tsa.pem'), '-noout', '-enddate'])).stdout.split('=')[1]!,
    );
    const expiry = `${end.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`;
    await writeFile(at('index.txt'), `V\t${expiry}\t\t${serial.trim()}\tunknown\t/CN=Sello test TSA\n`);
    const responderArguments = ['-index', at('index.txt'), '-CA', at('ca.pem'), '-rsigner', at('ca.pem')];
    const listen = ['-rkey', at('ca.key'), '-port', String(ocspPort), '-ignore_err', '-timeout', '5'];
    responder = spawn('openssl', ['ocsp', ...responderArguments, ...listen], { stdio: ['ignore', 'pipe', 'ignore'] });
    await waitUntilListening(responder);
  }
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    certificatePath: at('tsa.pem'),
    caPath: at('ca.pem'),
    crl,
    directory: dir,
    answered: () => answered,
    setDown: (value) => {
      down = value;
    },
    close: async () => {
      responder?.kill();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
