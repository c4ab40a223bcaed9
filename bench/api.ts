import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { AppendResult, EventStore, PlatformConfig, ProjectionEngine } from '@app/platform';
import { AppModule } from '../apps/api/src/app.module';
import { configureHttp } from '../apps/api/src/bootstrap';
import { runCli } from '../apps/cli/src/cli';
import { freePort } from './http';

/** The API in this process over a fresh data folder, with an organization and its admin's token. */
export interface InProcessApi {
  app: NestExpressApplication;
  baseUrl: string;
  organizationId: string;
  token: string;
  headers: Record<string, string>;
  engine: ProjectionEngine;
  /** Closes the app and removes its data folder. */
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (on `port`, or any free one) and answers the base URL. */
export async function listen(app: INestApplication, port = 0): Promise<string> {
  await app.listen(port, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Starts the API as benchHttp does (the rate limiter runs but never binds, no log lines), with
 * PUBLIC_URL known before the modules are built, so published-site requests to 127.0.0.1 take
 * the path form at once (as on a real host) rather than a custom-hostname lookup first.
 */
export async function startInProcessApi(name: string): Promise<InProcessApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `docs-api-${name}-`));
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = PlatformConfig.fromEnv({}, { dataDir, port, publicUrl, runWorkers: true, rateLimitPerMinute: Number.MAX_SAFE_INTEGER, logLevel: 'silent' });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register({ config }), { bodyParser: false, logger: ['error'] });
  const close = async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    configureHttp(app);
    const baseUrl = await listen(app, port);
    const engine = app.get(ProjectionEngine);
    const lines: string[] = [];
    await runCli(['bootstrap', '--org', `${name} org`, '--email', `${name}@example.com`, '--name', name], app, (l) => lines.push(l));
    const { organizationId, token } = JSON.parse(lines[0]) as { organizationId: string; token: string };
    await engine.waitForHead();
    return { app, baseUrl, organizationId, token, headers: { authorization: `Bearer ${token}` }, engine, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * A JSON call to the API as the admin; throws on an answer of 300 or more. A request the server
 * shed (503 "overloaded", before doing anything) is sent again after its Retry-After: setting up
 * a fixture on a busy machine is not what a part measures.
 */
export async function apiCall<T = any>(api: InProcessApi, method: string, url: string, body?: unknown): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${api.baseUrl}/v1${url}`, {
      method,
      headers: { ...api.headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status === 503 && attempt < 30 && text.includes('The server is overloaded')) {
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
      continue;
    }
    if (res.status >= 300) throw new Error(`${method} ${url} -> ${res.status}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

/**
 * Calls `hook` after each append the application makes through `events` (committed or refused),
 * until the returned function is called. The EventStore the application injects may be a Proxy
 * (instrumentEventStore, for the metrics) whose `append` calls the adapter's `append`: a property
 * set through that proxy lands on the adapter, so the hook sits there and calls the adapter's
 * own method (replacing `events.append` with a wrapper of `events.append` would call itself).
 */
export function hookAppends(events: EventStore, hook: (stream: string, outcome: { result: AppendResult } | { error: unknown }) => void): () => void {
  const own = Object.getOwnPropertyDescriptor(events, 'append');
  const original = (own?.value ?? (Object.getPrototypeOf(events) as EventStore).append) as EventStore['append'];
  events.append = async function (this: EventStore, stream, batch, expected) {
    let result: AppendResult;
    try {
      result = await original.call(this, stream, batch, expected);
    } catch (error) {
      hook(stream, { error });
      throw error;
    }
    hook(stream, { result });
    return result;
  };
  return () => {
    if (own) Object.defineProperty(events, 'append', own);
    else Reflect.deleteProperty(events, 'append');
  };
}
