import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import { cliProcess, eventually, request, startServerProcess, tempDataDir } from '../support/server-process';

/**
 * Graceful shutdown of the real process (main.ts): on SIGTERM it stops accepting, lets the
 * requests in flight finish, stops the projections and closes the stores, then exits 0 —
 * within SHUTDOWN_TIMEOUT_MS, else it exits 1.
 */

/** A create-space request whose body is still on its way: in flight until `finish()`. */
function slowCreate(baseUrl: string, orgId: string, token: string, title: string) {
  const text = JSON.stringify({ title });
  const req = http.request(new URL(`/v1/orgs/${orgId}/spaces`, baseUrl), {
    method: 'POST',
    agent: false,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
  });
  const answered = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
  });
  req.write(text.slice(0, 4));
  return { answered, finish: () => req.end(text.slice(4)) };
}

const refused = (baseUrl: string) =>
  new Promise<boolean>((resolve) => {
    const { port } = new URL(baseUrl);
    const s = net.connect(Number(port), '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });

const inFlight = async (baseUrl: string) => (await request(baseUrl, 'GET', '/health/ready')).body.load.inFlight - 1;

describe('graceful shutdown of the server process (e2e)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('SIGTERM during slow requests: they complete, new connections are refused, exit 0 within 10 s, and the writes are there after a restart', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const [{ organizationId: orgId, token }] = await cliProcess(
      dataDir,
      'bootstrap',
      '--org',
      'Shutdown Org',
      '--email',
      'stop@example.com',
      '--name',
      'Stopper',
    );
    const server = await startServerProcess(dataDir);
    try {
      const slow = ['Slow one', 'Slow two', 'Slow three'].map((title) => slowCreate(server.baseUrl, orgId, token, title));
      await eventually(async () => (await inFlight(server.baseUrl)) === 3, 15_000, 'three requests in flight');

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await eventually(() => refused(server.baseUrl), 5_000, 'new connections to be refused');
      // The requests in flight still get their answers.
      await new Promise((r) => setTimeout(r, 1000));
      expect(server.child.exitCode).toBeNull();
      for (const s of slow) s.finish();
      const answers = await Promise.all(slow.map((s) => s.answered));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      expect(answers.map((a) => a.body.title)).toEqual(['Slow one', 'Slow two', 'Slow three']);

      const { code, signal } = await server.exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(server.output()).toMatch(/SIGTERM: draining/);
      expect(server.output()).toMatch(/stopped in \d+ ms/);

      const again = await startServerProcess(dataDir);
      try {
        for (const a of answers) {
          const res = await request(again.baseUrl, 'GET', `/v1/spaces/${a.body.id}`, { authorization: `Bearer ${token}` });
          expect(res).toMatchObject({ status: 200, body: { id: a.body.id, title: a.body.title } });
        }
      } finally {
        again.child.kill('SIGKILL');
        await again.exited;
      }
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 180_000);

  it('past SHUTDOWN_TIMEOUT_MS with a request that never finishes (SIGINT): exit 1', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const [{ organizationId: orgId, token }] = await cliProcess(dataDir, 'bootstrap', '--org', 'Stuck Org', '--email', 'stuck@example.com', '--name', 'Stuck');
    const server = await startServerProcess(dataDir, { SHUTDOWN_TIMEOUT_MS: '1500' });
    try {
      const stuck = slowCreate(server.baseUrl, orgId, token, 'Never finished');
      stuck.answered.catch(() => undefined);
      await eventually(async () => (await inFlight(server.baseUrl)) === 1, 15_000, 'the request in flight');
      const signalled = Date.now();
      server.child.kill('SIGINT');
      const { code } = await server.exited;
      const took = Date.now() - signalled;
      expect(code).toBe(1);
      expect(took).toBeGreaterThanOrEqual(1400);
      expect(took).toBeLessThan(8000);
      expect(server.output()).toMatch(/did not finish within 1500 ms/);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 180_000);
});
