import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import { certificatePem, makeCertificate, privateKeyPem, type TTestIdentity } from './test-certificates.ts';

/**
 * A SAML identity provider for tests: its own key and self-signed certificate, and responses signed as a real IdP
 * signs them (an enveloped, exclusive-c14n RSA-SHA256 signature inside the assertion, placed after its Issuer).
 */
export type TTestIdp = { entityId: string; identity: TTestIdentity; certificatePem: string };

export function createTestIdp(entityId: string, identity = makeCertificate({ commonName: 'Test IdP' })): TTestIdp {
  return { entityId, identity, certificatePem: certificatePem(identity) };
}

export type TAssertionOptions = {
  /** The SP's entity id (the audience). */
  audience: string;
  /** The ACS URL: the response's Destination and the confirmation's Recipient unless overridden. */
  acs: string;
  nameId: string;
  inResponseTo?: string;
  attributes?: Record<string, string>;
  destination?: string | null;
  recipient?: string;
  issuer?: string;
  /** Seconds from now. */
  notBeforeSeconds?: number;
  notOnOrAfterSeconds?: number;
  assertionId?: string;
};

const newId = () => `_${randomBytes(16).toString('hex')}`;
const iso = (secondsFromNow: number) => new Date(Date.now() + secondsFromNow * 1000).toISOString();
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export function assertionXml(idp: TTestIdp, options: TAssertionOptions): string {
  const notBefore = iso(options.notBeforeSeconds ?? -5);
  const notOnOrAfter = iso(options.notOnOrAfterSeconds ?? 300);
  const inResponseTo = options.inResponseTo ? ` InResponseTo="${escapeXml(options.inResponseTo)}"` : '';
  const attributes = Object.entries(options.attributes ?? {})
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${escapeXml(name)}"><saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${options.assertionId ?? newId()}" Version="2.0" IssueInstant="${iso(0)}">` +
    `<saml:Issuer>${escapeXml(options.issuer ?? idp.entityId)}</saml:Issuer>` +
    '<saml:Subject>' +
    `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${escapeXml(options.nameId)}</saml:NameID>` +
    '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">' +
    `<saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${escapeXml(options.recipient ?? options.acs)}"${inResponseTo}/>` +
    '</saml:SubjectConfirmation></saml:Subject>' +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}">` +
    `<saml:AudienceRestriction><saml:Audience>${escapeXml(options.audience)}</saml:Audience></saml:AudienceRestriction>` +
    '</saml:Conditions>' +
    `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="${newId()}"><saml:AuthnContext>` +
    '<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>' +
    '</saml:AuthnContext></saml:AuthnStatement>' +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    '</saml:Assertion>'
  );
}

/** A Response around the given assertions (and optional extensions), as the IdP's answer document. */
export function responseXml(
  idp: TTestIdp,
  options: Pick<TAssertionOptions, 'acs' | 'inResponseTo' | 'destination'>,
  assertions: string[],
  extensions = '',
): string {
  const destination =
    options.destination === null ? '' : ` Destination="${escapeXml(options.destination ?? options.acs)}"`;
  const inResponseTo = options.inResponseTo ? ` InResponseTo="${escapeXml(options.inResponseTo)}"` : '';
  return (
    '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"' +
    ` ID="${newId()}" Version="2.0" IssueInstant="${iso(0)}"${destination}${inResponseTo}>` +
    `<saml:Issuer>${escapeXml(idp.entityId)}</saml:Issuer>` +
    (extensions ? `<samlp:Extensions>${extensions}</samlp:Extensions>` : '') +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    assertions.join('') +
    '</samlp:Response>'
  );
}

/** Signs the one assertion of a response document with the IdP's key (or another's). */
export function signAssertion(xml: string, signer: TTestIdentity): string {
  const signature = new SignedXml({
    privateKey: privateKeyPem(signer),
    publicCert: certificatePem(signer),
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  const assertion = "//*[local-name(.)='Assertion']";
  signature.addReference({
    xpath: assertion,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signature.computeSignature(xml, {
    location: { reference: `${assertion}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signature.getSignedXml();
}

/** The IdP's usual answer: a response whose assertion it signed, base64 as posted in SAMLResponse. */
export function signedResponse(idp: TTestIdp, options: TAssertionOptions, signer = idp.identity): string {
  const xml = responseXml(idp, options, [assertionXml(idp, options)]);
  return toBase64(signAssertion(xml, signer));
}

export const toBase64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
export const fromBase64 = (base64: string) => Buffer.from(base64, 'base64').toString('utf8');

/** The signed assertion element of a signed response document. */
export function signedAssertionOf(responseBase64: string): string {
  const match = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(fromBase64(responseBase64));
  if (!match) throw new Error('no assertion');
  return match[0];
}

/** The AuthnRequest of a redirect-binding URL (deflated, base64): its ID and ACS URL. */
export function readAuthnRequest(location: string): { id: string; acs: string; issuer: string } {
  const request = new URL(location).searchParams.get('SAMLRequest');
  if (!request) throw new Error(`no SAMLRequest in ${location}`);
  const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
  const id = /\sID="([^"]+)"/.exec(xml)?.[1];
  const acs = /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1];
  const issuer = /<saml:Issuer[^>]*>([^<]+)</.exec(xml)?.[1];
  if (!id || !acs || !issuer) throw new Error(`unexpected AuthnRequest ${xml}`);
  return { id, acs, issuer };
}
