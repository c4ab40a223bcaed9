import { EventSourcing, EventStore } from '@app/platform';
import { bearer, startTestApp, TestApp } from '../support/test-app';

/**
 * Contention on one stream without retry storms, end to end: concurrent writes of one resource
 * all succeed, none is lost, and none meets another's write. (The stream lock itself is proven
 * where requests cannot serialize it by accident: libs/platform/src/ddd/stream-contention.spec.ts.)
 */
describe('concurrent writes on one stream (e2e)', () => {
  let t: TestApp;
  let org: { organizationId: string; token: string };
  beforeAll(async () => {
    t = await startTestApp();
    org = await t.bootstrap('Contention', `contention-${Date.now()}@example.com`);
  });
  afterAll(async () => t?.close());

  it('30 concurrent PATCHes of one space: every one 200, each title written once, the last one written is the final state', async () => {
    const space = (await t.http.post(`/v1/orgs/${org.organizationId}/spaces`).set(bearer(org.token)).send({ title: 'Busy' }).expect(201)).body;
    const conflictsBefore = t.app.get(EventSourcing).concurrencyConflicts;
    const titles = Array.from({ length: 30 }, (_, i) => `Title ${i}`);
    const answers = await Promise.all(titles.map((title) => t.http.patch(`/v1/spaces/${space.id}`).set(bearer(org.token)).send({ title })));
    expect(answers.map((a) => a.status)).toEqual(titles.map(() => 200));
    // Not one of them met another's write: no retries at all, let alone a storm of them.
    expect(t.app.get(EventSourcing).concurrencyConflicts - conflictsBefore).toBe(0);
    const events = t.app.get(EventStore);
    const stream = (await events.readAll()).find((e) => e.type === 'SpaceCreated' && (e.data as { spaceId: string }).spaceId === space.id)!.stream;
    const written = (await events.readStream(stream))
      .filter((e) => e.type === 'SpaceUpdated')
      .map((e) => (e.data as { changes: { title: string } }).changes.title);
    expect([...written].sort()).toEqual([...titles].sort());
    const now = (await t.http.get(`/v1/spaces/${space.id}`).set(bearer(org.token)).expect(200)).body;
    expect(now.title).toBe(written[written.length - 1]);
  });
});
