import { Decider, unreachable } from '../ddd/decider';
import { Conflict, DomainError } from '../ddd/errors';

/** How long a key's first answer is replayed. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * A claim whose request never finished (the process died mid-request) is given up after this,
 * so the key can be used again; the retry then runs the request a second time.
 */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;

/**
 * Events of `platform.idempotency-<digest>`, one stream per caller and key. Nothing in them
 * reveals the request or its answer: the fingerprint is a keyed hash and the answer is sealed
 * (see idempotency-keys.ts), since answers may carry secrets (an invite link's id).
 */
export type IdempotencyEvent =
  | { type: 'IdempotencyKeyClaimed'; data: { fingerprint: string; claimedAt: string } }
  | { type: 'IdempotentResponseRecorded'; data: { fingerprint: string; status: number; response: string; recordedAt: string } }
  | { type: 'IdempotencyKeyReleased'; data: { fingerprint: string; releasedAt: string } };

export type IdempotencyCommand =
  | { type: 'ClaimIdempotencyKey'; fingerprint: string }
  | { type: 'RecordIdempotentResponse'; fingerprint: string; status: number; response: string }
  | { type: 'ReleaseIdempotencyKey'; fingerprint: string };

export interface IdempotencyClaim {
  fingerprint: string;
  claimedAt: string;
  /** The first answer, once the request has finished. */
  answer: { status: number; response: string } | null;
}

export interface IdempotencyState {
  claim: IdempotencyClaim | null;
}

export class IdempotencyKeyReused extends DomainError {
  constructor() {
    super(422, 'Idempotency-Key: already used with another request (method, path or body) in the last 24 hours; use a new key');
  }
}

export class IdempotentRequestInProgress extends Conflict {
  constructor() {
    super('Idempotency-Key: a request with this key is still in progress; retry once it has answered');
  }
}

const ageMs = (claim: IdempotencyClaim, now: Date) => now.getTime() - Date.parse(claim.claimedAt);

/** The claim that still binds the key at `now` (null once its 24 hours are over). */
export const liveClaim = (s: IdempotencyState, now: Date): IdempotencyClaim | null => (s.claim && ageMs(s.claim, now) < IDEMPOTENCY_WINDOW_MS ? s.claim : null);

export const idempotencyDecider: Decider<IdempotencyState, IdempotencyCommand, IdempotencyEvent> = {
  initialState: { claim: null },

  evolve(s, e) {
    switch (e.type) {
      case 'IdempotencyKeyClaimed':
        return { claim: { fingerprint: e.data.fingerprint, claimedAt: e.data.claimedAt, answer: null } };
      case 'IdempotentResponseRecorded':
        return s.claim ? { claim: { ...s.claim, answer: { status: e.data.status, response: e.data.response } } } : s;
      case 'IdempotencyKeyReleased':
        return { claim: null };
      default:
        return unreachable(e);
    }
  },

  /**
   * Claim: [] when the key already has an answer for this very request (replay it); 422 for
   * another request; 409 while the first one runs. Record and release only touch the caller's
   * own claim (one given up after the lease and claimed again is no longer theirs).
   */
  decide(c, s, now) {
    const live = liveClaim(s, now);
    switch (c.type) {
      case 'ClaimIdempotencyKey': {
        const claimed: IdempotencyEvent[] = [{ type: 'IdempotencyKeyClaimed', data: { fingerprint: c.fingerprint, claimedAt: now.toISOString() } }];
        if (!live) return claimed;
        if (live.fingerprint !== c.fingerprint) throw new IdempotencyKeyReused();
        if (live.answer) return [];
        if (ageMs(live, now) < IDEMPOTENCY_LEASE_MS) throw new IdempotentRequestInProgress();
        return claimed;
      }
      case 'RecordIdempotentResponse':
        return live && live.fingerprint === c.fingerprint && !live.answer
          ? [
              {
                type: 'IdempotentResponseRecorded',
                data: { fingerprint: c.fingerprint, status: c.status, response: c.response, recordedAt: now.toISOString() },
              },
            ]
          : [];
      case 'ReleaseIdempotencyKey':
        return live && live.fingerprint === c.fingerprint && !live.answer
          ? [{ type: 'IdempotencyKeyReleased', data: { fingerprint: c.fingerprint, releasedAt: now.toISOString() } }]
          : [];
      default:
        return unreachable(c);
    }
  },
};
