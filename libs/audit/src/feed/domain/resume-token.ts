/**
 * The change feed's resume tokens (the SSE `id`, sent back as `Last-Event-ID`): base64url of
 * `feed.v1:<organizationId>:<global position>`. Opaque to clients and versioned, so the format
 * can change without misreading old tokens; bound to the organization, so a token of another
 * organization's feed is refused rather than read as a position. Not a secret: it only says
 * where in the stream the client stopped, which the client already knows.
 */
const PREFIX = 'feed.v1:';
const BASE64URL = /^[A-Za-z0-9_-]{1,200}$/;
const POSITION = /^(0|[1-9]\d{0,15})$/;

export function resumeToken(organizationId: string, position: number): string {
  return Buffer.from(`${PREFIX}${organizationId}:${position}`).toString('base64url');
}

/** The position a token of this organization's feed stands for, or null when it is not one. */
export function positionOf(token: string, organizationId: string): number | null {
  if (!BASE64URL.test(token)) return null;
  const text = Buffer.from(token, 'base64url').toString('utf8');
  // base64url decoding ignores what does not fit: only a token that encodes back to itself is one.
  if (Buffer.from(text).toString('base64url') !== token || !text.startsWith(PREFIX)) return null;
  const rest = text.slice(PREFIX.length);
  const colon = rest.lastIndexOf(':');
  if (colon < 0 || rest.slice(0, colon) !== organizationId || !POSITION.test(rest.slice(colon + 1))) return null;
  const position = Number(rest.slice(colon + 1));
  return Number.isSafeInteger(position) ? position : null;
}
