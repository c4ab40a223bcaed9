import * as fs from 'fs';
import { Answer, cliProcess, eventually, request, ServerProcess, startServerProcess, tempDataDir } from '../support/server-process';

const LEADS = 'running the projections';
const ENV = { PROJECTION_LEASE_MS: '1500' };

/**
 * Several API instances on one store (here two processes on one embedded data folder): the one
 * holding the projections lease runs projections, sagas and timers; the other follows its read
 * models. A write's response carries its position (X-Position); a read sent to the other
 * instance with X-Min-Position sees that write. When the leader dies, the other takes over.
 */
describe('two API instances on one store (e2e, real processes)', () => {
  const dataDir = tempDataDir();
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('one leader; read-your-writes across instances with X-Min-Position; the follower takes over when the leader is killed', async () => {
    const [{ organizationId: orgId, token }] = await cliProcess(dataDir, 'bootstrap', '--org', 'Scale Org', '--email', 'scale@example.com', '--name', 'Scale');
    const auth = { Authorization: `Bearer ${token}` };
    const a = await startServerProcess(dataDir, ENV);
    servers.push(a);
    await eventually(async () => a.output().includes(LEADS), 20_000, 'the first instance to take the projections lease');
    const b = await startServerProcess(dataDir, ENV);
    servers.push(b);
    const call = (s: ServerProcess, method: string, url: string, extra: Record<string, string> = {}, body?: unknown): Promise<Answer> =>
      request(s.baseUrl, method, url, { ...auth, ...extra }, body);

    // A write on the follower: it waits for the leader's read models, and answers its position.
    const created = await call(b, 'POST', `/v1/orgs/${orgId}/spaces`, {}, { title: 'Shared' });
    expect(created.status).toBe(201);
    const spaceId = created.body.id as string;
    expect(Number(created.headers['x-position'])).toBeGreaterThan(0);

    // Writes on one instance, read at once on the other with the position the write answered.
    for (let i = 0; i < 20; i++) {
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
      const patched = await call(writer, 'PATCH', `/v1/spaces/${spaceId}`, {}, { title: `Title ${i}` });
      expect(patched.status).toBe(200);
      const position = patched.headers['x-position'] as string;
      expect(position).toMatch(/^\d+$/);
      const read = await call(reader, 'GET', `/v1/spaces/${spaceId}`, { 'X-Min-Position': position });
      expect(read.status).toBe(200);
      expect(read.body.title).toBe(`Title ${i}`);
    }
    // A read without a write of its own carries no position; a malformed or future one is refused.
    expect((await call(a, 'GET', `/v1/spaces/${spaceId}`)).headers['x-position']).toBeUndefined();
    const malformed = await call(b, 'GET', `/v1/spaces/${spaceId}`, { 'X-Min-Position': 'latest' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toMatch(/X-Min-Position/);
    const future = await call(b, 'GET', `/v1/spaces/${spaceId}`, { 'X-Min-Position': '999999999' });
    expect(future.status).toBe(400);

    // Only one of them ever ran the projections.
    expect(b.output()).not.toContain(LEADS);

    // The leader dies without a word: the follower takes the lease over (a process of this
    // machine that no longer exists: at its next renewal round) and projects from there.
    a.child.kill('SIGKILL');
    await a.exited;
    const killedAt = Date.now();
    await eventually(async () => b.output().includes(LEADS), 10_000, 'the follower to take the projections over');
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    const after = await call(b, 'PATCH', `/v1/spaces/${spaceId}`, {}, { title: 'After the takeover' });
    expect(after.status).toBe(200);
    expect((await call(b, 'GET', `/v1/spaces/${spaceId}`)).body.title).toBe('After the takeover');
    // A new space (the spaces projection and the organization's counts run here now).
    expect((await call(b, 'POST', `/v1/orgs/${orgId}/spaces`, {}, { title: 'Second' })).status).toBe(201);
  });
});
