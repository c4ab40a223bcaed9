import * as fs from 'fs';
import { petstore, SpecServer } from '../../libs/openapi/src/testing/spec-server';
import { cliProcess, eventually, request, startServerProcess, tempDataDir } from '../support/server-process';

/**
 * A real kill -9 of the API while it fetches a spec: the restarted process (same data folder)
 * fires the processing timer again and the processing finishes exactly once.
 */
describe('OpenAPI processing survives kill -9 (e2e)', () => {
  const specs = new SpecServer();
  let dataDir: string;
  beforeAll(() => specs.start());
  afterAll(async () => {
    await specs.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('killed while fetching: after the restart it completes with one version', async () => {
    dataDir = tempDataDir();
    const [{ organizationId: orgId, token }] = await cliProcess(
      dataDir,
      'bootstrap',
      '--org',
      'Crash Specs',
      '--email',
      'crash@example.com',
      '--name',
      'Crash',
    );
    const auth = { authorization: `Bearer ${token}` };
    // The first requests after a start meet an event loop busy compiling: no load shedding here.
    const env = {
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1,localhost,::1',
      FETCH_TIMEOUT_MS: '60000',
      SCHEDULER_INTERVAL_MS: '100',
      RATE_LIMIT: 'off',
      SHED_EVENT_LOOP_DELAY_MS: '60000',
    };
    specs.hold('/spec.json');
    const server = await startServerProcess(dataDir, env);
    const spec = `/v1/orgs/${orgId}/openapi/pets`;
    const ready = async (baseUrl: string) => (await request(baseUrl, 'GET', '/health/ready')).status === 200;
    try {
      await eventually(() => ready(server.baseUrl), 60_000, 'the server to be ready');
      const put = await request(server.baseUrl, 'PUT', spec, auth, { source: { url: specs.url('/spec.json') } });
      expect([put.status, put.body.processingState]).toEqual([201, 'pending']);
      await eventually(async () => specs.waiting('/spec.json') === 1, 30_000, 'the server to fetch the spec');
      expect((await request(server.baseUrl, 'GET', spec, auth)).body.processingState).toBe('progress');
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }

    specs.serve('/spec.json', petstore('1.0.0'));
    const again = await startServerProcess(dataDir, env);
    try {
      await eventually(() => ready(again.baseUrl), 60_000, 'the restarted server to be ready');
      await eventually(async () => (await request(again.baseUrl, 'GET', spec, auth)).body.processingState === 'complete', 30_000, 'the processing to complete');
      const done = (await request(again.baseUrl, 'GET', spec, auth)).body;
      expect([done.lastProcessErrorCode, typeof done.lastVersion]).toEqual([undefined, 'string']);
      expect((await request(again.baseUrl, 'GET', `${spec}/versions`, auth)).body.count).toBe(1);
      expect(specs.hits.get('/spec.json')).toBe(2);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
    const events = await cliProcess(dataDir, 'events', '--stream', `openapi.spec-${orgId}.pets`);
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'OpenAPISpecCreated',
      'OpenAPISpecProcessingRequested',
      'OpenAPISpecProcessingStarted',
      'OpenAPISpecVersionCreated',
      'OpenAPISpecProcessed',
    ]);
  });
});
