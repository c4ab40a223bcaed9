import { randomBytes } from 'crypto';
import { macMatches, parseSignedPath, signPath } from './signed-path';

describe('signed paths', () => {
  const secret = randomBytes(32);
  const signed = signPath(secret, '0123456789abcdef', 'GET', '/v1/content/pdf/eyJrIjoicGRmIn0', 1_800_000_000);

  it('carries the expiry and the key id in the path and verifies for the method it was signed for', () => {
    const parts = parseSignedPath(signed)!;
    expect(parts).toMatchObject({ path: '/v1/content/pdf/eyJrIjoicGRmIn0', expires: 1_800_000_000, keyId: '0123456789abcdef' });
    expect(macMatches(secret, 'GET', parts)).toBe(true);
    expect(macMatches(secret, 'DELETE', parts)).toBe(false);
    expect(macMatches(randomBytes(32), 'GET', parts)).toBe(false);
  });

  it('any change to the path, the expiry or the key id breaks the MAC', () => {
    const changed = [
      signed.replace('/pdf/', '/files/'),
      signed.replace('.1800000000.', '.1900000000.'),
      signed.replace('.0123456789abcdef.', '.0123456789abcdee.'),
    ];
    for (const c of changed) expect(macMatches(secret, 'GET', parseSignedPath(c)!)).toBe(false);
  });

  it('does not parse what is not a signed path', () => {
    expect(parseSignedPath('/v1/content/pdf/abc')).toBeNull();
    expect(parseSignedPath(`${signed}x`)).toBeNull();
    expect(parseSignedPath(signed.replace(/\.[^.]+$/, '.short'))).toBeNull();
  });
});
