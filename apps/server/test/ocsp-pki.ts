import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A seal certificate the test CA issued, with its key and chain as the PKCS#12 SEAL_P12_PATH names. */
export type TTestSeal = { p12Path: string; password: string; certificatePath: string };

export type TOcspTestPki = {
  directory: string;
  caPath: string;
  /** The delegated responder's certificate (id-kp-OCSPSigning, issued by the CA). */
  responderCertificatePath: string;
  /** Where `openssl ocsp` answers, once `startResponder` ran. */
  responderUrl: string;
  /** Where the CA's CRL (DER, made by `openssl ca -gencrl`) is served. */
  crlUrl: string;
  /** A loopback URL where nothing listens: a responder that is down. */
  deadUrl: string;
  /** Issues a seal certificate naming `ocsp` as its OCSP responder and, when given, `crl` as its distribution point. */
  issueSeal: (name: string, urls: { ocsp: string; crl?: string }) => Promise<TTestSeal>;
  /** Revokes a certificate in the CA's database (`openssl ca -revoke`) and publishes the new CRL. */
  revoke: (seal: TTestSeal) => Promise<void>;
  /** Starts OpenSSL's own OCSP responder over the CA's database, on a free loopback port. */
  startResponder: () => Promise<void>;
  /** What the responder would answer to `request` (DER), made offline by `openssl ocsp -reqin`. */
  respond: (request: Buffer) => Promise<Buffer>;
  /** The CA's current CRL (DER). */
  crl: () => Buffer;
  close: () => Promise<void>;
};

const CA_CONFIG = (dir: string) => `
[ ca ]
default_ca = test_ca
[ test_ca ]
dir = ${dir}
database = $dir/index.txt
new_certs_dir = $dir/issued
serial = $dir/serial
crlnumber = $dir/crlnumber
certificate = $dir/ca.pem
private_key = $dir/ca.key
default_md = sha256
default_days = 365
default_crl_days = 30
policy = any
unique_subject = no
[ any ]
commonName = supplied
`;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Waits for `openssl ocsp` to say it listens (`ACCEPT [::]:port`). Not by connecting: the responder serves one
 * connection at a time, and a probe that sends no request holds it until its -timeout.
 */
export function waitUntilListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ACCEPT')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`openssl ocsp exited with ${code}: ${output}`)));
  });
}

/**
 * A small CA made with the openssl command line (Debian openssl) in a temp folder, whose certificates are issued and
 * revoked with `openssl ca`, answered for by `openssl ocsp` (a delegated responder certificate) and listed in a CRL
 * served over HTTP on loopback.
 */
export async function startOcspPki(): Promise<TOcspTestPki> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sello-ocsp-'));
  const at = (name: string) => path.join(dir, name);
  await mkdir(at('issued'));
  await writeFile(at('index.txt'), '');
  await writeFile(at('serial'), '1000\n');
  await writeFile(at('crlnumber'), '01\n');
  await writeFile(at('ca.cnf'), CA_CONFIG(dir));
  let crl = Buffer.alloc(0);
  const crlServer: Server = createServer((request, response) => {
    if (request.url === '/ca.crl') response.writeHead(200, { 'content-type': 'application/pkix-crl' }).end(crl);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => crlServer.listen(0, '127.0.0.1', resolve));
  const crlUrl = `http://127.0.0.1:${(crlServer.address() as AddressInfo).port}/ca.crl`;
  const responderPort = await freePort();
  const deadUrl = `http://127.0.0.1:${await freePort()}/`;
  let responder: ChildProcess | null = null;

  const responderArguments = () => [
    ...['-index', at('index.txt'), '-CA', at('ca.pem')],
    ...['-rsigner', at('responder.pem'), '-rkey', at('responder.key')],
  ];
  let requests = 0;
  const publishCrl = async () => {
    await run('openssl', ['ca', '-gencrl', '-config', at('ca.cnf'), '-out', at('ca.crl.pem')]);
    await run('openssl', ['crl', '-in', at('ca.crl.pem'), '-outform', 'DER', '-out', at('ca.crl')]);
    crl = await readFile(at('ca.crl'));
  };
  /** A key and a certificate for `name` issued by the CA with the extensions `extensions`. */
  const issue = async (name: string, subject: string, extensions: string) => {
    await run('openssl', [
      ...['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', at(`${name}.key`), '-out', at(`${name}.csr`)],
      ...['-subj', `/CN=${subject}`],
    ]);
    await writeFile(at(`${name}.ext`), extensions);
    await run('openssl', [
      ...['ca', '-batch', '-config', at('ca.cnf'), '-in', at(`${name}.csr`), '-out', at(`${name}.pem`)],
      ...['-extfile', at(`${name}.ext`), '-notext'],
    ]);
    return at(`${name}.pem`);
  };

  await run('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('ca.key'), '-out', at('ca.pem')],
    ...['-days', '3650', '-subj', '/CN=Sello test seal CA'],
    ...['-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
  ]);
  const responderCertificatePath = await issue(
    'responder',
    'Sello test OCSP responder',
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=OCSPSigning\n',
  );
  await publishCrl();

  return {
    directory: dir,
    caPath: at('ca.pem'),
    responderCertificatePath,
    responderUrl: `http://127.0.0.1:${responderPort}/`,
    crlUrl,
    deadUrl,
    issueSeal: async (name, urls) => {
      const certificatePath = await issue(
        name,
        `Sello test seal ${name}`,
        'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n' +
          `authorityInfoAccess=OCSP;URI:${urls.ocsp}\n` +
          (urls.crl ? `crlDistributionPoints=URI:${urls.crl}\n` : ''),
      );
      const password = `${name}-password`;
      const p12Path = at(`${name}.p12`);
      await run('openssl', [
        ...['pkcs12', '-export', '-inkey', at(`${name}.key`), '-in', certificatePath, '-certfile', at('ca.pem')],
        ...['-passout', `pass:${password}`, '-out', p12Path],
      ]);
      return { p12Path, password, certificatePath };
    },
    revoke: async (seal) => {
      await run('openssl', [
        'ca',
        '-config',
        at('ca.cnf'),
        '-revoke',
        seal.certificatePath,
        '-crl_reason',
        'keyCompromise',
      ]);
      await publishCrl();
    },
    startResponder: async () => {
      const port = ['-port', String(responderPort), '-ignore_err', '-timeout', '5'];
      responder = spawn('openssl', ['ocsp', ...responderArguments(), ...port], { stdio: ['ignore', 'pipe', 'ignore'] });
      await waitUntilListening(responder);
    },
    respond: async (request) => {
      const name = `request-${++requests}`;
      await writeFile(at(`${name}.der`), request);
      const files = ['-reqin', at(`${name}.der`), '-respout', at(`${name}.response`)];
      await run('openssl', ['ocsp', ...responderArguments(), ...files]);
      return readFile(at(`${name}.response`));
    },
    crl: () => crl,
    close: async () => {
      responder?.kill();
      crlServer.closeAllConnections();
      await new Promise<void>((resolve) => crlServer.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
