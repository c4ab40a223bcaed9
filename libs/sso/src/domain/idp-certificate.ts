import { X509Certificate } from 'crypto';
import { BadRequest } from '@app/platform';

/** The reference's bound for the certificate field. */
export const CERTIFICATE_MAX_CHARS = 10_000;

const PEM = /^-----BEGIN CERTIFICATE-----\s*([A-Za-z0-9+/=\s]+?)\s*-----END CERTIFICATE-----\s*$/;

/**
 * The identity provider's signing certificate, as PEM. Accepted as PEM or as the bare base64
 * body IdP metadata shows; parsed with node:crypto's X509Certificate. A value that is not a
 * certificate, or one outside its validity period at `now`, is a 400: SAML responses could never
 * be verified with it (an expired certificate is also refused at sign-in, see saml-login.ts).
 */
export function parseIdpCertificate(value: string, now: Date, field = 'certificate'): string {
  if (value.length > CERTIFICATE_MAX_CHARS) throw new BadRequest(`${field}: must be at most ${CERTIFICATE_MAX_CHARS} characters`);
  const body = (PEM.exec(value.trim())?.[1] ?? value).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw new BadRequest(`${field}: must be an X.509 certificate (PEM, or its base64 body)`);
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(Buffer.from(body, 'base64'));
  } catch {
    throw new BadRequest(`${field}: is not a valid X.509 certificate (it could not be parsed)`);
  }
  const problem = validityProblem(cert, now);
  if (problem) throw new BadRequest(`${field}: ${problem}`);
  return cert.toString();
}

/** Why the certificate cannot be used at `now` (expired or not yet valid), or null. */
export function validityProblem(cert: X509Certificate, now: Date): string | null {
  const from = new Date(cert.validFrom);
  const to = new Date(cert.validTo);
  if (now.getTime() > to.getTime()) return `the certificate expired on ${to.toISOString()}`;
  if (now.getTime() < from.getTime()) return `the certificate is not valid before ${from.toISOString()}`;
  return null;
}
