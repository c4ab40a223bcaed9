import { given } from '../testing/given';
import {
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_WINDOW_MS,
  idempotencyDecider as d,
  IdempotencyEvent,
  IdempotencyKeyReused,
  IdempotentRequestInProgress,
} from './idempotency.decider';

const t0 = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const claimed = (fingerprint = 'f1', when = t0): IdempotencyEvent => ({ type: 'IdempotencyKeyClaimed', data: { fingerprint, claimedAt: when.toISOString() } });
const recorded = (fingerprint = 'f1'): IdempotencyEvent => ({
  type: 'IdempotentResponseRecorded',
  data: { fingerprint, status: 201, response: 'sealed', recordedAt: t0.toISOString() },
});
const released = (fingerprint = 'f1'): IdempotencyEvent => ({ type: 'IdempotencyKeyReleased', data: { fingerprint, releasedAt: t0.toISOString() } });
const claim = (fingerprint = 'f1') => ({ type: 'ClaimIdempotencyKey' as const, fingerprint });

describe('idempotency keys (decider)', () => {
  it('a new key is claimed', () => {
    given(d).whenCommand(claim(), t0).then([claimed()]);
  });

  it('the same request within 24 hours is answered from the record: nothing to append', () => {
    given(d, claimed(), recorded())
      .whenCommand(claim(), at(IDEMPOTENCY_WINDOW_MS - 1))
      .thenNothing();
  });

  it('another request with the key within 24 hours is refused (422), answered or not', () => {
    given(d, claimed(), recorded()).whenCommand(claim('f2'), at(1000)).thenThrows(IdempotencyKeyReused);
    given(d, claimed()).whenCommand(claim('f2'), at(1000)).thenThrows(IdempotencyKeyReused);
  });

  it('after 24 hours the key is free again, for any request', () => {
    given(d, claimed(), recorded())
      .whenCommand(claim(), at(IDEMPOTENCY_WINDOW_MS))
      .then([claimed('f1', at(IDEMPOTENCY_WINDOW_MS))]);
    given(d, claimed(), recorded())
      .whenCommand(claim('f2'), at(IDEMPOTENCY_WINDOW_MS))
      .then([claimed('f2', at(IDEMPOTENCY_WINDOW_MS))]);
  });

  it('while the first request runs, the same request waits (409); a claim abandoned past the lease is taken over', () => {
    given(d, claimed())
      .whenCommand(claim(), at(IDEMPOTENCY_LEASE_MS - 1))
      .thenThrows(IdempotentRequestInProgress);
    given(d, claimed())
      .whenCommand(claim(), at(IDEMPOTENCY_LEASE_MS))
      .then([claimed('f1', at(IDEMPOTENCY_LEASE_MS))]);
  });

  it('a failed request releases its claim, so a retry runs it', () => {
    given(d, claimed()).whenCommand({ type: 'ReleaseIdempotencyKey', fingerprint: 'f1' }, t0).then([released()]);
    given(d, claimed(), released()).whenCommand(claim(), t0).then([claimed()]);
  });

  it('only the open claim of the same request is recorded or released', () => {
    const record = { type: 'RecordIdempotentResponse' as const, fingerprint: 'f1', status: 201, response: 'sealed' };
    given(d, claimed()).whenCommand(record, t0).then([recorded()]);
    given(d, claimed(), recorded()).whenCommand(record, t0).thenNothing();
    given(d, claimed('f2')).whenCommand(record, t0).thenNothing();
    given(d).whenCommand({ type: 'ReleaseIdempotencyKey', fingerprint: 'f1' }, t0).thenNothing();
    given(d, claimed(), recorded()).whenCommand({ type: 'ReleaseIdempotencyKey', fingerprint: 'f1' }, t0).thenNothing();
  });
});
