import { createHash } from 'crypto';
import { Clock, EventSourcing, EventStore, ReadStore } from '@app/platform';
import { TokenUsageRecorder } from '../../libs/identity/src/application/token-usage.recorder';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';

/** Operators list a user's tokens (never their secrets) and see when each was last used. */
describe('CLI token list and token "last used"', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const bootstrap = async (org: string) => (await t.cli('bootstrap', '--org', org, '--email', email('admin'), '--name', 'Admin'))[0];
  const usedEvents = async (tokenId: string) => (await t.app.get(EventStore).readStream(`identity.token-${tokenId}`)).filter((e) => e.type === 'ApiTokenUsed');

  it('lists id, name, created, last used and status; no secret, no hash', async () => {
    const mail = email('owner');
    const [boot] = await t.cli('bootstrap', '--org', 'Tokens', '--email', mail, '--name', 'Owner');
    const [ci] = await t.cli('token', 'create', '--user', boot.userId, '--name', 'ci');
    const list = await t.cli('token', 'list', '--email', mail.toUpperCase());
    expect(list).toEqual([
      { tokenId: boot.tokenId, name: 'bootstrap', createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt: null, status: 'active' },
      { tokenId: ci.tokenId, name: 'ci', createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt: null, status: 'active' },
    ]);
    const text = JSON.stringify(list);
    for (const secret of [boot.token, ci.token]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(createHash('sha256').update(secret).digest('hex'));
    }
    expect(await t.cli('token', 'list', '--user', boot.userId)).toEqual(list);

    await t.cli('token', 'revoke', '--id', ci.tokenId);
    expect((await t.cli('token', 'list', '--email', mail))[1]).toMatchObject({ tokenId: ci.tokenId, status: 'revoked' });
  });

  it('records a use at most once per hour per token, without an event per request', async () => {
    const boot = await bootstrap('Used');
    const listed = async () => (await t.cli('token', 'list', '--user', boot.userId))[0];
    for (let i = 0; i < 5; i++) await t.http.get('/v1/user').set(bearer(boot.token)).expect(200);
    await t.engine.drain();
    expect(await usedEvents(boot.tokenId)).toHaveLength(1);
    expect(await listed()).toMatchObject({ lastUsedAt: t.clock.now().toISOString() });

    t.clock.advance(59 * 60 * 1000);
    await t.http.get('/v1/user').set(bearer(boot.token)).expect(200);
    expect(await usedEvents(boot.tokenId)).toHaveLength(1);

    t.clock.advance(60 * 60 * 1000);
    await Promise.all([1, 2, 3].map(() => t.http.get('/v1/user').set(bearer(boot.token)).expect(200)));
    await t.engine.drain();
    const used = await usedEvents(boot.tokenId);
    expect(used).toHaveLength(2);
    expect(used[1].metadata.actor).toBe(boot.userId);
    expect(await listed()).toMatchObject({ lastUsedAt: t.clock.now().toISOString() });
    // A token whose use was recorded can still be revoked (the use is not a state change).
    await t.cli('token', 'revoke', '--id', boot.tokenId);
    await t.http.get('/v1/user').set(bearer(boot.token)).expect(401);
  });

  it('two API instances racing record one use (the append expects the stream revision)', async () => {
    const boot = await bootstrap('Racing');
    await t.engine.drain();
    const [doc] = await t.app.get(ReadStore).find('identity_tokens', { tokenId: boot.tokenId });
    const instance = () => new TokenUsageRecorder(t.app.get(EventStore), t.app.get(EventSourcing), t.app.get(Clock));
    await Promise.all([instance(), instance(), instance()].map((r) => r.record(doc as never)));
    expect(await usedEvents(boot.tokenId)).toHaveLength(1);
  });

  it('an unknown email fails with a clear message', async () => {
    await expect(t.cli('token', 'list', '--email', 'nobody@example.com')).rejects.toThrow('No user with email nobody@example.com');
    await expect(t.cli('token', 'list')).rejects.toThrow('token list needs --email <email> or --user <userId>');
  });
});

describe('CLI spaces deleted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('lists the deleted spaces of an organization with their restore deadline, until restored', async () => {
    const boot = await t.bootstrap('Deleting');
    const create = async (title: string) =>
      (await t.http.post(`/v1/orgs/${boot.organizationId}/spaces`).set(bearer(boot.token)).send({ title }).expect(201)).body.id;
    const kept = await create('Kept');
    const gone = await create('Gone');
    const back = await create('Back');
    expect(kept).toBeDefined();
    await t.http.delete(`/v1/spaces/${gone}`).set(bearer(boot.token)).expect(205);
    t.clock.advance(60_000);
    await t.http.delete(`/v1/spaces/${back}`).set(bearer(boot.token)).expect(205);

    expect(await t.cli('spaces', 'deleted', '--org', boot.organizationId)).toEqual([
      { spaceId: back, title: 'Back', deletedAt: '2026-03-01T10:01:00.000Z', restoreDeadline: '2026-03-08T10:01:00.000Z', restorable: true },
      { spaceId: gone, title: 'Gone', deletedAt: '2026-03-01T10:00:00.000Z', restoreDeadline: '2026-03-08T10:00:00.000Z', restorable: true },
    ]);
    await t.http.post(`/v1/spaces/${back}/restore`).set(bearer(boot.token)).expect(200);
    expect((await t.cli('spaces', 'deleted', '--org', boot.organizationId)).map((s) => s.spaceId)).toEqual([gone]);
    expect(await t.cli('spaces', 'deleted', '--org', 'no-such-org')).toEqual([]);
  });
});
