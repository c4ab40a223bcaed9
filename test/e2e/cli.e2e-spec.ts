import { execFile } from 'child_process';
import * as path from 'path';
import { promisify } from 'util';
import { bearer, startTestApp, TestApp } from '../support/test-app';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');

/** The CLI as operators run it: a separate process on the same DATA_DIR as a running server. */
async function cli(dataDir: string, ...args: string[]) {
  const { stdout } = await run(process.execPath, ['-r', './test/support/register-ts.js', 'apps/cli/src/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
  });
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

describe('operator CLI in its own process, server running on the same data folder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('bootstrap prints one JSON object whose token works right away', async () => {
    const out = await cli(t.dataDir, 'bootstrap', '--org', 'Acme', '--email', 'Ada@Example.com', '--name', 'Ada Lovelace');
    expect(out).toHaveLength(1);
    expect(Object.keys(out[0]).sort()).toEqual(['organizationId', 'token', 'tokenId', 'userId']);
    const me = await t.http.get('/v1/user').set(bearer(out[0].token)).expect(200);
    expect(me.body).toMatchObject({ id: out[0].userId, email: 'ada@example.com', displayName: 'Ada Lovelace' });
    const org = await t.http.get(`/v1/orgs/${out[0].organizationId}`).set(bearer(out[0].token)).expect(200);
    expect(org.body.permissions.admin).toBe(true);

    // Same email again: the same user becomes admin of a second organization.
    const [second] = await cli(t.dataDir, 'bootstrap', '--org', 'Second', '--email', 'ada@example.com', '--name', 'Ada');
    expect(second.userId).toBe(out[0].userId);
    const orgs = await t.http.get('/v1/orgs').set(bearer(second.token)).expect(200);
    expect(orgs.body.items.map((o: { id: string }) => o.id)).toEqual([out[0].organizationId, second.organizationId]);
  });

  it('user create with a role, token create and revoke', async () => {
    const [boot] = await cli(t.dataDir, 'bootstrap', '--org', 'Org', '--email', 'owner@example.com', '--name', 'Owner');
    const [reader] = await cli(
      t.dataDir,
      'user',
      'create',
      '--email',
      'reader@example.com',
      '--name',
      'Reader',
      '--org',
      boot.organizationId,
      '--role',
      'read',
    );
    const org = await t.http.get(`/v1/orgs/${boot.organizationId}`).set(bearer(reader.token)).expect(200);
    expect(org.body.permissions).toMatchObject({ view: true, admin: false, createContent: false });

    const [tok] = await cli(t.dataDir, 'token', 'create', '--user', reader.userId);
    expect(tok.tokenId).toEqual(expect.any(String));
    await t.http.get('/v1/user').set(bearer(tok.token)).expect(200);
    await cli(t.dataDir, 'token', 'revoke', '--id', tok.tokenId);
    await t.engine.drain();
    const res = await t.http.get('/v1/user').set(bearer(tok.token)).expect(401);
    expect(res.body).toEqual({ error: { code: 401, message: expect.any(String) } });
    await t.http.get('/v1/user').set(bearer(reader.token)).expect(200);
  });

  it('events prints the audit view of a stream and of the global log', async () => {
    const [boot] = await cli(t.dataDir, 'bootstrap', '--org', 'Audited', '--email', 'audit@example.com', '--name', 'Auditor');
    const { id } = (await t.http.post(`/v1/orgs/${boot.organizationId}/spaces`).set(bearer(boot.token)).send({ title: 'Audit me' }).expect(201)).body;
    await t.http.delete(`/v1/spaces/${id}`).set(bearer(boot.token)).expect(205);
    const stream = await cli(t.dataDir, 'events', '--stream', `spaces.space-${id}`);
    expect(stream.map((e) => e.type)).toEqual(['SpaceCreated', 'SpaceDeleted']);
    for (const e of stream) {
      expect(Object.keys(e).sort()).toEqual(['actor', 'data', 'occurredAt', 'position', 'revision', 'stream', 'type']);
      expect(e.actor).toBe(boot.userId);
    }
    const [boot2] = await cli(t.dataDir, 'events', '--stream', `organizations.organization-${boot.organizationId}`);
    expect(boot2).toMatchObject({ type: 'OrganizationCreated', actor: 'cli' });
    const all = await cli(t.dataDir, 'events', '--from', String(stream[0].position - 1), '--limit', '2');
    expect(all).toHaveLength(2);
    expect(all[0]).toEqual(stream[0]);
  });

  it('rejects bad usage with exit code 2 and a message', async () => {
    await expect(cli(t.dataDir, 'user', 'create', '--email', 'x@example.com')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--name is required'),
    });
    await expect(cli(t.dataDir, 'token', 'create', '--user', 'nobody')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No user with id nobody'),
    });
  });
});
