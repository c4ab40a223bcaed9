import { createHash, generateKeyPairSync, KeyObject, randomUUID, sign } from 'crypto';
import { SignedXml } from 'xml-crypto';

/**
 * A throwaway SAML identity provider for tests: an RSA key pair made here, a self-signed X.509
 * certificate built here (DER written by hand, signed with node:crypto: any validity window,
 * expired ones included, without a CLI), and SAML responses signed with xml-crypto (the library
 * @node-saml/node-saml verifies with).
 */

// ——— DER, as much as a certificate needs ———
const len = (n: number): Buffer => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, body: Buffer): Buffer => Buffer.concat([Buffer.from([tag]), len(body.length), body]);
const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
const int = (n: number) => tlv(0x02, Buffer.from([n]));
const oid = (dotted: string): Buffer => {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const v of rest) {
    const chunk: number[] = [v & 0x7f];
    for (let x = v >> 7; x > 0; x >>= 7) chunk.unshift((x & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
};
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
/** UTCTime for 1950..2049, GeneralizedTime after (RFC 5280). */
const time = (d: Date): Buffer => {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
};
const SHA256_RSA = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
const name = (cn: string) => seq(set(seq(oid('2.5.4.3'), utf8(cn))));

/** A self-signed certificate of `key` valid from `notBefore` to `notAfter`, as PEM. */
export function selfSignedCertificate(keys: { publicKey: KeyObject; privateKey: KeyObject }, notBefore: Date, notAfter: Date, cn = 'Test IdP'): string {
  const tbs = seq(
    tlv(0xa0, int(2)),
    int(Math.floor(Math.random() * 100) + 1),
    SHA256_RSA,
    name(cn),
    seq(time(notBefore), time(notAfter)),
    name(cn),
    keys.publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, keys.privateKey);
  const der = seq(tbs, SHA256_RSA, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const b64 = der.toString('base64').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN CERTIFICATE-----\n${b64.trimEnd()}\n-----END CERTIFICATE-----\n`;
}

const DAY = 24 * 60 * 60 * 1000;

export interface TestIdp {
  entityID: string;
  ssoURL: string;
  certificate: string;
  privateKey: KeyObject;
  /** A signed (or, with `sign: 'none'`, unsigned) SAMLResponse, base64 as the POST binding carries it. */
  response(o: AssertionOptions): string;
}

export interface AssertionOptions {
  /** The service's entityID (the audience) and ACS URL (the recipient), from the provider's `service`. */
  service: { acsURL: string; entityID: string };
  email: string;
  displayName?: string;
  /** Issue instant; the assertion is valid from a minute before to five minutes after (unless given). */
  now: Date;
  notBefore?: Date;
  notOnOrAfter?: Date;
  audience?: string;
  recipient?: string;
  assertionId?: string;
  /** What is signed (default the assertion); `none` sends it unsigned. */
  sign?: 'assertion' | 'response' | 'none';
  /** Sign with this key instead of the IdP's own (a forgery). */
  key?: KeyObject;
  /** NameID format email (default) or a persistent id with the email as an attribute only. */
  nameId?: 'email' | 'persistent';
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An identity provider with a fresh key pair and a certificate valid around `now` (or as given). */
export function testIdp(now: Date, validity: { notBefore?: Date; notAfter?: Date } = {}): TestIdp {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificate = selfSignedCertificate(
    keys,
    validity.notBefore ?? new Date(now.getTime() - DAY),
    validity.notAfter ?? new Date(now.getTime() + 365 * DAY),
  );
  const entityID = `https://idp.example.com/${randomUUID()}`;
  return {
    entityID,
    ssoURL: `${entityID}/sso`,
    certificate,
    privateKey: keys.privateKey,
    response(o) {
      const at = (d: Date) => d.toISOString();
      const notBefore = o.notBefore ?? new Date(o.now.getTime() - 60_000);
      const notOnOrAfter = o.notOnOrAfter ?? new Date(o.now.getTime() + 5 * 60_000);
      const id = o.assertionId ?? `_a${createHash('sha1').update(randomUUID()).digest('hex')}`;
      const nameId =
        o.nameId === 'persistent'
          ? `<saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${randomUUID()}</saml:NameID>`
          : `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(o.email)}</saml:NameID>`;
      const attributes = [
        `<saml:Attribute Name="email"><saml:AttributeValue>${esc(o.email)}</saml:AttributeValue></saml:Attribute>`,
        o.displayName ? `<saml:Attribute Name="displayName"><saml:AttributeValue>${esc(o.displayName)}</saml:AttributeValue></saml:Attribute>` : '',
      ].join('');
      const assertion =
        `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${at(o.now)}">` +
        `<saml:Issuer>${esc(entityID)}</saml:Issuer>` +
        `<saml:Subject>${nameId}<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
        `<saml:SubjectConfirmationData NotOnOrAfter="${at(notOnOrAfter)}" Recipient="${esc(o.recipient ?? o.service.acsURL)}"/></saml:SubjectConfirmation></saml:Subject>` +
        `<saml:Conditions NotBefore="${at(notBefore)}" NotOnOrAfter="${at(notOnOrAfter)}">` +
        `<saml:AudienceRestriction><saml:Audience>${esc(o.audience ?? o.service.entityID)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
        `<saml:AuthnStatement AuthnInstant="${at(o.now)}" SessionIndex="${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
        `<saml:AttributeStatement>${attributes}</saml:AttributeStatement></saml:Assertion>`;
      const xml =
        `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_response-${randomUUID()}" Version="2.0" IssueInstant="${at(o.now)}" Destination="${esc(o.service.acsURL)}">` +
        `<saml:Issuer>${esc(entityID)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
        `${assertion}</samlp:Response>`;
      const what = o.sign ?? 'assertion';
      const signed = what === 'none' ? xml : signXml(xml, what === 'assertion' ? 'Assertion' : 'Response', o.key ?? keys.privateKey, certificate);
      return Buffer.from(signed, 'utf8').toString('base64');
    },
  };
}

/** Enveloped RSA-SHA256 signature of the element, placed after its Issuer (where the SAML schema wants it). */
function signXml(xml: string, element: 'Assertion' | 'Response', key: KeyObject, certificate: string): string {
  const sig = new SignedXml({ privateKey: key.export({ type: 'pkcs8', format: 'pem' }), publicCert: certificate });
  sig.signatureAlgorithm = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
  sig.canonicalizationAlgorithm = 'http://www.w3.org/2001/10/xml-exc-c14n#';
  const xpath = `//*[local-name(.)='${element}']`;
  sig.addReference({
    xpath,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  sig.computeSignature(xml, { location: { reference: `${xpath}/*[local-name(.)='Issuer']`, action: 'after' } });
  return sig.getSignedXml();
}
