import { ProjectionEngine } from '@app/platform';
import { bearer, startTestApp, TestApp } from '../support/test-app';
import { openContext, runCli } from '../../apps/cli/src/cli';
import { PlatformConfig } from '@app/platform';

async function dumpAll(engine: ProjectionEngine) {
  const out: Record<string, unknown> = {};
  for (const name of engine.projectionNames()) out[name] = await engine.dump(name);
  return out;
}

describe('projection rebuild', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    const orgs = [await t.bootstrap('Alpha'), await t.bootstrap('Beta')];
    for (const org of orgs) {
      for (let i = 0; i < 15; i++) {
        const { id } = (
          await t.http
            .post(`/v1/orgs/${org.organizationId}/spaces`)
            .set(bearer(org.token))
            .send({ title: `S${i}`, emoji: '1f600' })
            .expect(201)
        ).body;
        if (i % 3 === 0)
          await t.http
            .patch(`/v1/spaces/${id}`)
            .set(bearer(org.token))
            .send({ title: `S${i}!`, editMode: 'locked' })
            .expect(200);
        if (i % 4 === 0) await t.http.delete(`/v1/spaces/${id}`).set(bearer(org.token)).expect(205);
      }
      await t.http
        .patch(`/v1/orgs/${org.organizationId}`)
        .set(bearer(org.token))
        .send({ emailDomains: ['example.com'] })
        .expect(200);
    }
    await t.engine.drain();
  });
  afterAll(async () => t.close());

  it('replays every projection into a new generation equal to the live one, from another process context (CLI), while the API keeps answering', async () => {
    const before = await dumpAll(t.engine);
    const cli = await openContext({ config: PlatformConfig.fromEnv({}, { dataDir: t.dataDir, runWorkers: false }) });
    const org = (
      await t.http
        .get('/v1/orgs')
        .set(bearer((await t.bootstrap('Gamma')).token))
        .expect(200)
    ).body.items[0];
    const token = (await t.bootstrap('Delta')).token;
    let answered = 0;
    let rebuilding = true;
    const reads = (async () => {
      while (rebuilding) {
        await t.http.get('/v1/orgs').set(bearer(token)).expect(200);
        answered++;
      }
    })();
    const lines: string[] = [];
    await runCli(['projections', 'rebuild'], cli, (l) => lines.push(l));
    rebuilding = false;
    await reads;
    await cli.close();
    expect(org).toBeDefined();
    expect(answered).toBeGreaterThan(0);
    const reports = lines.map((l) => JSON.parse(l));
    expect(reports.map((r) => r.projection).sort()).toEqual(t.engine.projectionNames().sort());
    for (const r of reports) expect(r.generation).toBe(2);
    await t.engine.drain();
    const after = await dumpAll(t.engine);
    // Two orgs were bootstrapped during the rebuild: compare what existed before, then everything.
    for (const [name, colls] of Object.entries(before as Record<string, Record<string, Array<{ id: string }>>>)) {
      for (const [coll, docs] of Object.entries(colls)) {
        const now = (after as any)[name][coll] as Array<{ id: string }>;
        for (const d of docs) expect(now.find((x) => x.id === d.id)).toEqual(d);
      }
    }
    // And a second rebuild in this process (live runners restart on the new generation) matches too.
    const live = await dumpAll(t.engine);
    for (const name of t.engine.projectionNames()) await t.engine.rebuild(name);
    expect(await dumpAll(t.engine)).toEqual(live);
  });
});
