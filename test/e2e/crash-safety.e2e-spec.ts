import * as fs from 'fs';
import { cliProcess, eventually, request, startServerProcess, tempDataDir } from '../support/server-process';

/**
 * kill -9 in the middle of a write load, then a restart on the same data folder: every write
 * the server acknowledged (2xx) is there, and the projections catch up with everything.
 */
describe('kill -9 during writes (e2e)', () => {
  let dataDir: string;
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('every acknowledged create and title change is readable after a restart; projections caught up', async () => {
    dataDir = tempDataDir();
    const [{ organizationId: orgId, token }] = await cliProcess(dataDir, 'bootstrap', '--org', 'Crash Org', '--email', 'crash@example.com', '--name', 'Crash');
    const auth = { authorization: `Bearer ${token}` };
    const env = { RATE_LIMIT: 'off' };
    const server = await startServerProcess(dataDir, env);

    // Each loop creates a space, then renames it a few times, then the next space, and so on.
    // A title sent when the process died, or answered 503 (committed, read models not caught
    // up in time), may or may not be there: it counts as well as the last acknowledged one.
    interface Space {
      id: string;
      acked: string;
      pending: string | null;
    }
    const spaces: Space[] = [];
    let writes = 0;
    let stop = false;
    const loop = async (k: number) => {
      for (let n = 0; !stop; n++) {
        const title = `Crash ${k}-${n}`;
        let created;
        try {
          created = await request(server.baseUrl, 'POST', `/v1/orgs/${orgId}/spaces`, auth, { title });
        } catch {
          return;
        }
        if (created.status === 503) continue;
        if (created.status !== 201) throw new Error(`create -> ${created.status} ${JSON.stringify(created.body)}`);
        writes++;
        const space: Space = { id: created.body.id, acked: title, pending: null };
        spaces.push(space);
        for (let r = 0; r < 3 && !stop; r++) {
          space.pending = `${title} renamed ${r}`;
          let patched;
          try {
            patched = await request(server.baseUrl, 'PATCH', `/v1/spaces/${space.id}`, auth, { title: space.pending });
          } catch {
            return;
          }
          if (patched.status === 503) break;
          if (patched.status !== 200) throw new Error(`patch -> ${patched.status} ${JSON.stringify(patched.body)}`);
          writes++;
          space.acked = space.pending;
          space.pending = null;
        }
      }
    };
    const loops = Array.from({ length: 8 }, (_, k) => loop(k));
    // About two seconds of load (and at least 40 acknowledged writes), then kill -9 mid-flight.
    const loadStarted = Date.now();
    await eventually(async () => writes >= 40 && Date.now() - loadStarted >= 2000, 60_000, '40 acknowledged writes');
    server.child.kill('SIGKILL');
    stop = true;
    await server.exited;
    await Promise.all(loops);
    expect(writes).toBeGreaterThanOrEqual(40);
    expect(spaces.length).toBeGreaterThan(0);

    const again = await startServerProcess(dataDir, env);
    try {
      await eventually(async () => (await request(again.baseUrl, 'GET', '/health/ready')).status === 200, 60_000, 'the server to be ready');
      // Every projection and saga reaches the head.
      await eventually(
        async () => (await request(again.baseUrl, 'GET', '/health/ready')).body.projections.every((p: { lag: number }) => p.lag === 0),
        30_000,
        'every projection and saga at the head',
      );

      for (const s of spaces) {
        const res = await request(again.baseUrl, 'GET', `/v1/spaces/${s.id}`, auth);
        expect(res.status).toBe(200);
        expect([s.acked, s.pending]).toContain(res.body.title);
      }
      const ids = new Set<string>();
      for (let page: string | undefined, first = true; first || page; first = false) {
        const listed = await request(again.baseUrl, 'GET', `/v1/orgs/${orgId}/spaces?limit=1000${page ? `&page=${encodeURIComponent(page)}` : ''}`, auth);
        expect(listed.status).toBe(200);
        for (const i of listed.body.items) ids.add(i.id);
        page = listed.body.next?.page;
      }
      expect(spaces.filter((s) => !ids.has(s.id))).toEqual([]);
    } finally {
      again.child.kill('SIGKILL');
      await again.exited;
    }
  }, 180_000);
});
