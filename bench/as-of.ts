import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { randomUUID } from 'crypto';
import { EventStore, NewEvent, PlatformConfig, ProjectionEngine } from '@app/platform';
import { AppModule } from '../apps/api/src/app.module';
import { configureHttp } from '../apps/api/src/bootstrap';
import { runCli } from '../apps/cli/src/cli';
import { spaceStream } from '../libs/spaces/src/domain/space';
import { createSpaceOver } from './http';
import { ms, percentile } from './stats';

/**
 * Time travel (`npm run bench -- as-of`): a space whose stream holds 10,000 events (its creation
 * through the API, then renames appended as PATCH writes them), read with
 * `GET /v1/spaces/{id}?asOf=<instant>` at instants spread over its history, one request at a
 * time after a warm-up, client-observed. Budget (issue 19): p99 within 50 ms.
 */
const EVENTS = 10_000;
const WARMUP = 50;
const REQUESTS = 1_000;

export async function runAsOfBench(): Promise<{ line: string; details: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-as-of-'));
  const config = PlatformConfig.fromEnv({}, { dataDir, runWorkers: true, rateLimitPerMinute: Number.MAX_SAFE_INTEGER, logLevel: 'silent' });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register({ config }), { bodyParser: false, logger: ['error'] });
  try {
    configureHttp(app);
    await app.listen(0, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    config.publicUrl = baseUrl;
    const lines: string[] = [];
    await runCli(['bootstrap', '--org', 'As-of Org', '--email', 'asof@example.com', '--name', 'As-of Admin'], app, (l) => lines.push(l));
    const { organizationId, token } = JSON.parse(lines[0]) as { organizationId: string; token: string };
    const spaceId = await createSpaceOver(baseUrl, organizationId, token, 'Time travel');

    // 9,999 renames, one a millisecond after the creation, in batches (the events PATCH /v1/spaces/{id} appends).
    const events = app.get(EventStore);
    const start = Date.parse((await events.readStream(spaceStream(spaceId)))[0].metadata.occurredAt);
    const occurredAt = (i: number) => new Date(start + i).toISOString();
    let revision = 0;
    for (let i = 1; i < EVENTS; i += 500) {
      const batch: NewEvent[] = [];
      for (let k = i; k < Math.min(EVENTS, i + 500); k++)
        batch.push({
          id: randomUUID(),
          type: 'SpaceUpdated',
          data: { spaceId, changes: { title: `Title ${k}` }, updatedAt: occurredAt(k) },
          metadata: { actor: null, occurredAt: occurredAt(k), correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
        });
      revision = (await events.append(spaceStream(spaceId), batch, revision)).nextRevision;
    }
    await app.get(ProjectionEngine).waitForHead();
    // An asOf in the future is refused: the history's last instant must have passed.
    while (Date.now() <= start + EVENTS) await new Promise((r) => setTimeout(r, 50));
    const count = (await events.readStream(spaceStream(spaceId))).length;

    const headers = { authorization: `Bearer ${token}` };
    const ask = async (k: number) => {
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}/v1/spaces/${spaceId}?asOf=${encodeURIComponent(occurredAt(k))}`, { headers });
      const body = (await res.json()) as { title?: string };
      const elapsed = performance.now() - t0;
      if (res.status !== 200 || body.title !== `Title ${k}`) throw new Error(`asOf ${occurredAt(k)} -> ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      return elapsed;
    };
    let seed = 7;
    const pick = () => 1 + ((seed = (seed * 48271) % 2147483647) % (EVENTS - 1));
    for (let i = 0; i < WARMUP; i++) await ask(pick());
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) samples.push(await ask(pick()));
    const p50 = percentile(samples, 50);
    const p99 = percentile(samples, 99);
    return {
      line: `as-of: events=${count} p50_ms=${ms(p50)} p99_ms=${ms(p99)} requests=${REQUESTS}`,
      details: [
        `space ${spaceId}: ${count} events in its stream; ${WARMUP} warm-up + ${REQUESTS} GET ?asOf=<instant> one at a time, instants uniform over its history`,
        `every answer checked: the title of that moment; p50 ${ms(p50)} ms, p99 ${ms(p99)} ms, max ${ms(Math.max(...samples))} ms (budget: p99 ≤ 50 ms)`,
      ],
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
