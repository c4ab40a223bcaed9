import { positionOf, resumeToken } from './resume-token';

describe('change feed resume tokens', () => {
  it('round-trips a position for its organization, and looks like nothing but an opaque token', () => {
    for (const position of [0, 1, 42, 9_007_199_254_740_991]) {
      const token = resumeToken('org1', position);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(token).not.toContain(String(position === 0 ? 'feed' : position));
      expect(positionOf(token, 'org1')).toBe(position);
    }
  });

  it('refuses tokens of another organization, other formats and versions, junk and non-canonical encodings', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    const token = resumeToken('org1', 7);
    for (const bad of [
      resumeToken('org2', 7),
      b64('feed.v2:org1:7'),
      b64('feed.v1:org1:-1'),
      b64('feed.v1:org1:07'),
      b64('feed.v1:org1:1e3'),
      b64('feed.v1:org1:99999999999999999'),
      b64('feed.v1:org1'),
      b64('7'),
      '7',
      '',
      'not a token!',
      `${token}=`,
      'A'.repeat(500),
    ])
      expect([bad, positionOf(bad, 'org1')]).toEqual([bad, null]);
  });
});
