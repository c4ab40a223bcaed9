import * as fs from 'fs';
import { cliProcess, request, ServerProcess, startServerProcess, tempDataDir } from '../support/server-process';
import { WebhookReceiver } from '../support/webhook-receiver';

const ENV = { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '0,100,200,400,800,1600,3200', LOG_LEVEL: 'error' };

/**
 * The real server as a child process, killed with SIGKILL while deliveries are pending (the
 * receiver is down, and more writes are committed right before the kill): after a restart over
 * the same data folder every event reaches the receiver, in order per resource.
 */
describe('webhooks survive kill -9 (e2e, real process)', () => {
  const dataDir = tempDataDir();
  let server: ServerProcess | null = null;
  let receiver: WebhookReceiver;
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await receiver?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('every event committed before the kill is delivered after the restart', async () => {
    receiver = await new WebhookReceiver().start();
    const [{ organizationId: orgId, token }] = await cliProcess(dataDir, 'bootstrap', '--org', 'Crash Org', '--email', 'crash@example.com', '--name', 'Crash');
    const auth = { Authorization: `Bearer ${token}` };
    server = await startServerProcess(dataDir, ENV);
    const call = (method: string, url: string, body?: unknown) => request(server!.baseUrl, method, url, auth, body);
    const hook = await call('POST', `/v1/orgs/${orgId}/webhooks`, { url: receiver.url('/crash'), events: ['space.created', 'space.updated'] });
    expect(hook.status).toBe(201);
    receiver.setSecrets('/crash', [hook.body.secret]);
    await receiver.down();
    const spaces: string[] = [];
    for (const title of ['One', 'Two']) spaces.push((await call('POST', `/v1/orgs/${orgId}/spaces`, { title })).body.id);
    const expected = new Map<string, string[]>(spaces.map((id, i) => [id, [['One', 'Two'][i]]]));
    // Some deliveries recorded and failing, then more writes, then the kill, without waiting.
    for (let deadline = Date.now() + 20_000; ;) {
      const ds = await call('GET', `/v1/orgs/${orgId}/webhooks/${hook.body.id}/deliveries`);
      if (ds.body.items?.some((d: { attempts: unknown[] }) => d.attempts.length > 0)) break;
      if (Date.now() > deadline) throw new Error(`no attempt recorded: ${JSON.stringify(ds.body)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const round of [1, 2, 3])
      for (const id of spaces) {
        const title = `${expected.get(id)![0]} ${round}`;
        expect((await call('PATCH', `/v1/spaces/${id}`, { title })).status).toBe(200);
        expected.get(id)!.push(title);
      }
    server.child.kill('SIGKILL');
    await server.exited;
    await receiver.up();
    server = await startServerProcess(dataDir, ENV);
    await receiver.waitFor((r) => new Set(r.map((d) => d.id)).size >= 8, 60_000);
    const first = receiver.on('/crash').filter((r, i, all) => all.findIndex((o) => o.id === r.id) === i);
    expect(first).toHaveLength(8);
    expect(first.every((r) => r.verifiedBy.length === 1)).toBe(true);
    for (const id of spaces) {
      const titles = first.filter((r) => r.body.data.auditEvent.target.id === id).map((r) => (r.body.data.object as { title: string }).title);
      expect(titles).toEqual(expected.get(id));
    }
  }, 180_000);
});
