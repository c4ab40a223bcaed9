import { INestApplication, Logger } from '@nestjs/common';
import type { Server } from 'http';
import { LoadShedder, PlatformConfig, shutdownTracing } from '@app/platform';

/**
 * SIGTERM / SIGINT: stop accepting connections, let the requests in flight finish, then close
 * the application — the projection runners finish their current batch (engine.stop()), the
 * scheduler stops, the stores close — and exit 0. Past `shutdownTimeoutMs` the process exits
 * 1 whatever is left; a second signal exits 1 at once.
 */
export function handleShutdownSignals(app: INestApplication, config: PlatformConfig, exit: (code: number) => void = (c) => process.exit(c)): void {
  const logger = new Logger('Shutdown');
  let shuttingDown = false;

  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      logger.warn(`${signal} again: exiting now`);
      return exit(1);
    }
    shuttingDown = true;
    const started = Date.now();
    logger.log(`${signal}: draining (at most ${config.shutdownTimeoutMs} ms)`);
    setTimeout(() => {
      logger.error(`shutdown did not finish within ${config.shutdownTimeoutMs} ms; exiting`);
      exit(1);
    }, config.shutdownTimeoutMs);

    const server = app.getHttpServer() as Server;
    const shedder = app.get(LoadShedder);
    // /health/ready answers 503 from now on; requests on open keep-alive connections get
    // 503 + Connection: close.
    shedder.beginShutdown();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await shedder.idle();
    // Every connection is idle now (or carries a refused request): close them.
    server.closeIdleConnections();
    await Promise.race([closed, new Promise((r) => setTimeout(r, 500))]);
    server.closeAllConnections();
    // Module destroy and shutdown hooks: projections and scheduler stop, then the stores close.
    await app.close();
    // The spans of the last requests and batches: exported before the process ends.
    await shutdownTracing();
    logger.log(`stopped in ${Date.now() - started} ms`);
    exit(0);
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      shutdown(signal).catch((e) => {
        logger.error(`shutdown failed: ${(e as Error)?.stack ?? e}`);
        exit(1);
      });
    });
  }
}
