import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { NestExpressApplication } from '@nestjs/platform-express';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { ManualClock, PlatformConfig, ProjectionEngine, Scheduler } from '@app/platform';
import { AppModule } from '../../apps/api/src/app.module';
import { configureHttp } from '../../apps/api/src/bootstrap';
import { runCli } from '../../apps/cli/src/cli';

export interface TestApp {
  app: INestApplication;
  baseUrl: string;
  dataDir: string;
  clock: ManualClock;
  http: any;
  client(token: string): GitBookAPI;
  cli(...argv: string[]): Promise<any[]>;
  bootstrap(org?: string, email?: string): Promise<{ organizationId: string; userId: string; token: string }>;
  scheduler: Scheduler;
  engine: ProjectionEngine;
  close(): Promise<void>;
}

/** A real server on a random port over a fresh embedded data folder, with a manual clock. */
export async function startTestApp(opts: { dataDir?: string; clock?: ManualClock; config?: Partial<PlatformConfig> } = {}): Promise<TestApp> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-'));
  const clock = opts.clock ?? new ManualClock('2026-03-01T10:00:00.000Z');
  const config = PlatformConfig.fromEnv(
    {},
    {
      dataDir,
      schedulerIntervalMs: 3_600_000,
      retryDelaysMs: [5, 10],
      logLevel: 'error',
      // Suites share two busy cores with other Jest workers: shedding is tested by the suites that
      // ask for it (a CI run once saw a 503 "request waited 685 ms" under foreign load).
      shedEventLoopDelayMs: 60_000,
      shedQueueWaitMs: 60_000,
      // Read-your-writes holds a response until the read models include its write; on a slow CI
      // machine that can pass production's 5 s bound. The bound itself is tested by the suite
      // that sets it (read-your-writes.e2e-spec.ts); speed is the benchmarks' business.
      consistencyTimeoutMs: 20_000,
      // Tests serve specs, JWKS, webhooks and git remotes from loopback servers they start.
      outboundAllowedHosts: ['127.0.0.1', 'localhost', '::1'],
      // Deliveries on the test's own event loop (its manual clock applies, and no thread has to
      // compile the sources again); the suites that test the thread ask for it.
      webhookDelivery: 'inline',
      ...opts.config,
    },
  );
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.register({ config, clock })] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: ['error'] });
  configureHttp(app);
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as { port: number }).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  config.publicUrl = baseUrl;
  const supertest = require('supertest');
  const t: TestApp = {
    app,
    baseUrl,
    dataDir,
    clock,
    http: supertest(baseUrl),
    client: (token) => new GitBookAPI({ endpoint: baseUrl, authToken: token }),
    async cli(...argv) {
      const lines: string[] = [];
      await runCli(argv, app, (l) => lines.push(l));
      return lines.map((l) => JSON.parse(l));
    },
    async bootstrap(org = 'Acme Docs', email = `admin-${Math.random().toString(36).slice(2)}@example.com`) {
      const [r] = await t.cli('bootstrap', '--org', org, '--email', email, '--name', 'Ada Admin');
      return r;
    },
    scheduler: app.get(Scheduler),
    engine: app.get(ProjectionEngine),
    async close() {
      await app.close();
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A unique email per call, so suites sharing a server never collide. */
export const email = (who: string) => `${who}-${Math.random().toString(36).slice(2)}@example.com`;

/** The error an official-client call failed with (fails the test if it succeeded). */
export async function clientError(p: Promise<unknown>): Promise<GitBookAPIError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof GitBookAPIError) return e;
    throw e;
  }
  throw new Error('expected the client call to fail');
}

/**
 * Calls a reference operation by its operationId over HTTP (supertest) and validates the answer
 * against the reference schema for its status, error bodies included.
 */
export async function callOperation(
  t: TestApp,
  operationId: string,
  params: Record<string, string>,
  token: string,
  opts: { body?: unknown; query?: Record<string, unknown> } = {},
) {
  const { referenceOperation, operationUrl, expectMatchesOperation, expectErrorResponse } = require('./reference-schema');
  const op = referenceOperation(operationId);
  let req = t.http[op.method.toLowerCase()](operationUrl(operationId, params)).set(bearer(token));
  if (opts.query) req = req.query(opts.query);
  const res = await (opts.body !== undefined ? req.send(opts.body as object) : req);
  if (res.status < 400) expectMatchesOperation(operationId, res.status, res.body);
  else expectErrorResponse(operationId, res.status, res.body);
  return res;
}

/**
 * Events appended after `position` that change state: everything but the token bookkeeping
 * (`ApiTokenUsed`, recorded in the background at most once an hour per token).
 */
export async function stateEventsAfter(store: import('@app/platform').EventStore, position: number): Promise<string[]> {
  const events = await store.readAll({ after: position });
  return events.filter((e) => e.type !== 'ApiTokenUsed').map((e) => `${e.type} ${e.stream}`);
}
