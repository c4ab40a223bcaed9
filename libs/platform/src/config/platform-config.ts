import * as path from 'path';

/** Runtime configuration, read once from the environment (see the README's table). */
export class PlatformConfig {
  port = 3000;
  dataDir = path.resolve('data');
  publicUrl = 'http://localhost:3000';
  eventStoreConnectionString: string | null = null;
  mongodbUri: string | null = null;
  mongodbDatabase = 'docs_platform';
  /** Bound of the read-your-writes wait before answering 503. */
  consistencyTimeoutMs = 5000;
  /** How often the scheduler looks for due timers. */
  schedulerIntervalMs = 1000;
  /** Whether this process runs projections, sagas and the scheduler (the CLI does not). */
  runWorkers = true;
  retryDelaysMs = [100, 500, 2000];
  defaultPageSize = 100;

  static fromEnv(env: NodeJS.ProcessEnv = process.env, overrides: Partial<PlatformConfig> = {}): PlatformConfig {
    const c = new PlatformConfig();
    c.port = Number(env.PORT ?? c.port);
    c.dataDir = path.resolve(env.DATA_DIR ?? c.dataDir);
    c.publicUrl = (env.PUBLIC_URL ?? `http://localhost:${c.port}`).replace(/\/+$/, '');
    c.eventStoreConnectionString = env.EVENTSTORE_CONNECTION_STRING || null;
    c.mongodbUri = env.MONGODB_URI || null;
    c.mongodbDatabase = env.MONGODB_DATABASE ?? c.mongodbDatabase;
    if (env.CONSISTENCY_TIMEOUT_MS) c.consistencyTimeoutMs = Number(env.CONSISTENCY_TIMEOUT_MS);
    if (env.SCHEDULER_INTERVAL_MS) c.schedulerIntervalMs = Number(env.SCHEDULER_INTERVAL_MS);
    if (env.RUN_WORKERS) c.runWorkers = env.RUN_WORKERS !== 'false';
    return Object.assign(c, overrides);
  }
}
