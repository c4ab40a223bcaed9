import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'http';
import { startTracing } from '@app/platform/observability/tracing';

// Tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) starts before anything loads http or express:
// its instrumentation patches them as they are required. So the server is required after it, and
// nothing but types may be imported above (an import runs before this line).
startTracing(process.env);
/* eslint-disable @typescript-eslint/no-require-imports */
const { setFlagsFromString } = require('v8') as typeof import('v8');
const { NestFactory } = require('@nestjs/core') as typeof import('@nestjs/core');
const { PlatformConfig } = require('@app/platform') as typeof import('@app/platform');
const { AppModule } = require('./app.module') as typeof import('./app.module');
const { configureHttp } = require('./bootstrap') as typeof import('./bootstrap');
const { handleShutdownSignals } = require('./graceful-shutdown') as typeof import('./graceful-shutdown');
/* eslint-enable @typescript-eslint/no-require-imports */

async function main() {
  const config = PlatformConfig.fromEnv();
  // The heap's growth past what is live (HEAP_GROWING_PERCENT): V8 reads the flag at each full
  // collection. Without it a server answering 10,000 GETs kept ~120 MB of garbage over a 60 MB
  // live heap (README, Figures).
  if (config.heapGrowingPercent > 0) setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register({ config }), { bodyParser: false });
  configureHttp(app);
  const server: Server = app.getHttpServer();
  // Idle keep-alive connections outlive a load balancer's (typically 60 s), so it never sends
  // on a connection this server is closing; Node's 5 s default also let a stalled event loop
  // drop connections whose next request was already waiting to be read.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  handleShutdownSignals(app, config);
  await app.listen(config.port);
  console.log(
    `docs-platform API listening on ${config.publicUrl}/v1 (data: ${config.eventStoreConnectionString ? 'EventStoreDB' : config.dataDir}, read models: ${config.mongodbUri ? 'MongoDB' : 'embedded'})`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
