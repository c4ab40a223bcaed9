import { generateKeyPairSync, X509Certificate } from 'crypto';
import { BadRequest } from '@app/platform';
import { selfSignedCertificate } from '../../../../test/support/saml-idp';
import { parseIdpCertificate } from './idp-certificate';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const cert = selfSignedCertificate(keys, new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'));
const NOW = new Date('2026-06-01T00:00:00Z');
const refusal = (v: string, now = NOW) => {
  try {
    parseIdpCertificate(v, now);
  } catch (e) {
    expect(e).toBeInstanceOf(BadRequest);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('IdP certificate', () => {
  it('takes PEM or its bare base64 body, and answers PEM', () => {
    const pem = parseIdpCertificate(cert, NOW);
    expect(new X509Certificate(pem).fingerprint256).toBe(new X509Certificate(cert).fingerprint256);
    const body = cert.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    expect(parseIdpCertificate(body, NOW)).toBe(pem);
    expect(parseIdpCertificate(`\n  ${cert}  \n`, NOW)).toBe(pem);
  });

  it('refuses what is not a certificate, naming the field', () => {
    expect(refusal('<hello, world!>')).toBe('certificate: must be an X.509 certificate (PEM, or its base64 body)');
    expect(refusal(Buffer.from('not DER at all').toString('base64'))).toBe('certificate: is not a valid X.509 certificate (it could not be parsed)');
    expect(refusal('A'.repeat(10_001))).toBe('certificate: must be at most 10000 characters');
  });

  it('refuses a certificate outside its validity period', () => {
    expect(refusal(cert, new Date('2027-01-02T00:00:00Z'))).toBe('certificate: the certificate expired on 2027-01-01T00:00:00.000Z');
    expect(refusal(cert, new Date('2025-12-31T00:00:00Z'))).toBe('certificate: the certificate is not valid before 2026-01-01T00:00:00.000Z');
  });
});
