import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'http';
import { PlatformConfig } from '@app/platform';
import { AppModule } from './app.module';
import { configureHttp } from './bootstrap';
import { handleShutdownSignals } from './graceful-shutdown';

async function main() {
  const config = PlatformConfig.fromEnv();
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
