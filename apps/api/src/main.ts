import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { PlatformConfig } from '@app/platform';
import { AppModule } from './app.module';
import { configureHttp } from './bootstrap';

async function main() {
  const config = PlatformConfig.fromEnv();
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register({ config }), { bodyParser: false });
  configureHttp(app);
  await app.listen(config.port);
  console.log(`docs-platform API listening on ${config.publicUrl}/v1 (data: ${config.eventStoreConnectionString ? 'EventStoreDB' : config.dataDir}, read models: ${config.mongodbUri ? 'MongoDB' : 'embedded'})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
