import { INestApplication } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { RequestContext } from '@app/platform';

/** HTTP setup shared by main.ts and the e2e tests: /v1 prefix, JSON limits, request context. */
export function configureHttp(app: INestApplication): void {
  const express = app as NestExpressApplication;
  express.useBodyParser('json', { limit: '10mb' });
  express.disable('x-powered-by');
  express.set('etag', false);
  app.use((_req: unknown, _res: unknown, next: () => void) => RequestContext.run({}, next));
  app.setGlobalPrefix('v1');
  app.enableShutdownHooks();
}
