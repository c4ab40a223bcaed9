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

  // --- Secrets (issue 8 §1) ---
  /** Content-signing key from the environment (required with the server adapters); else a 0600 key file in DATA_DIR. */
  contentSigningKey: string | null = null;
  /** Lifetime of signed URLs (PDF, file downloads). */
  signedUrlTtlSeconds = 3600;

  // --- HTTP edge (issue 8 §3-§6) ---
  /** Largest accepted JSON body. */
  bodyLimit = '10mb';
  /** Deepest accepted nesting of a JSON body. */
  maxJsonDepth = 32;
  /** Per-token rate limiting; RATE_LIMIT=off disables it. */
  rateLimitEnabled = true;
  rateLimitPerMinute = 6000;
  /** CORS_ORIGINS: comma-separated origins ('*' for any); empty = CORS off. */
  corsOrigins: string[] = [];
  /** pino level: fatal, error, warn, info, debug, trace, silent. */
  logLevel = 'info';

  // --- Overload and health (issue 8 §5-§6, issue 20) ---
  /** Shed load (503 + Retry-After) when the event loop is delayed beyond this. */
  shedEventLoopDelayMs = 200;
  /** Shed load when more requests than this are in flight. */
  shedMaxInFlight = 256;
  /** Shed a request that waited longer than this in the admission queue (and queue no more than that many). */
  shedQueueWaitMs = 500;
  /** /health/ready answers 503 when a projection is more events than this behind the head. */
  readyMaxLagEvents = 1000;
  /** Graceful shutdown bound (stop accepting, drain, finish the projection batch, close stores). */
  shutdownTimeoutMs = 10_000;
  /** Store connection attempts at start (backoff between them) before giving up. */
  storeConnectAttempts = 30;
  /** Memory budget of the content object cache, in bytes of the objects' JSON (CONTENT_CACHE_BYTES). */
  contentCacheBytes = 64 * 1024 * 1024;
  /** Largest file a signed upload URL accepts, in bytes (STORAGE_MAX_UPLOAD_BYTES). */
  storageMaxUploadBytes = 25 * 1024 * 1024;
  /** How long a signed upload URL works, in seconds (STORAGE_UPLOAD_URL_TTL_SECONDS). */
  storageUploadUrlTtlSeconds = 900;

  // --- Outbound fetches (OpenAPI specs by URL, issue 14) ---
  /** Bound of one outbound fetch, redirects and body included (FETCH_TIMEOUT_MS); past it: FETCH_TIMEOUT. */
  fetchTimeoutMs = 10_000;
  /** Largest body an outbound fetch reads, after decompression (FETCH_MAX_BYTES). */
  fetchMaxBytes = 20 * 1024 * 1024;
  /** Redirects an outbound fetch follows before giving up (FETCH_MAX_REDIRECTS). */
  fetchMaxRedirects = 5;
  /** Whether outbound fetches may reach loopback, private and link-local addresses (FETCH_ALLOW_PRIVATE_NETWORKS=true). */
  fetchAllowPrivateNetworks = false;

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
    c.contentSigningKey = env.CONTENT_SIGNING_KEY || null;
    if (env.SIGNED_URL_TTL_SECONDS) c.signedUrlTtlSeconds = Number(env.SIGNED_URL_TTL_SECONDS);
    if (env.BODY_LIMIT) c.bodyLimit = env.BODY_LIMIT;
    if (env.RATE_LIMIT) c.rateLimitEnabled = env.RATE_LIMIT !== 'off';
    if (env.RATE_LIMIT_PER_MINUTE) c.rateLimitPerMinute = Number(env.RATE_LIMIT_PER_MINUTE);
    if (env.CORS_ORIGINS)
      c.corsOrigins = env.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean);
    if (env.LOG_LEVEL) c.logLevel = env.LOG_LEVEL;
    if (env.SHED_EVENT_LOOP_DELAY_MS) c.shedEventLoopDelayMs = Number(env.SHED_EVENT_LOOP_DELAY_MS);
    if (env.SHED_MAX_IN_FLIGHT) c.shedMaxInFlight = Number(env.SHED_MAX_IN_FLIGHT);
    if (env.SHED_QUEUE_WAIT_MS) c.shedQueueWaitMs = Number(env.SHED_QUEUE_WAIT_MS);
    if (env.READY_MAX_LAG_EVENTS) c.readyMaxLagEvents = Number(env.READY_MAX_LAG_EVENTS);
    if (env.SHUTDOWN_TIMEOUT_MS) c.shutdownTimeoutMs = Number(env.SHUTDOWN_TIMEOUT_MS);
    if (env.STORE_CONNECT_ATTEMPTS) c.storeConnectAttempts = Number(env.STORE_CONNECT_ATTEMPTS);
    if (env.CONTENT_CACHE_BYTES) c.contentCacheBytes = Number(env.CONTENT_CACHE_BYTES);
    if (env.STORAGE_MAX_UPLOAD_BYTES) c.storageMaxUploadBytes = Number(env.STORAGE_MAX_UPLOAD_BYTES);
    if (env.STORAGE_UPLOAD_URL_TTL_SECONDS) c.storageUploadUrlTtlSeconds = Number(env.STORAGE_UPLOAD_URL_TTL_SECONDS);
    if (env.FETCH_TIMEOUT_MS) c.fetchTimeoutMs = Number(env.FETCH_TIMEOUT_MS);
    if (env.FETCH_MAX_BYTES) c.fetchMaxBytes = Number(env.FETCH_MAX_BYTES);
    if (env.FETCH_MAX_REDIRECTS) c.fetchMaxRedirects = Number(env.FETCH_MAX_REDIRECTS);
    if (env.FETCH_ALLOW_PRIVATE_NETWORKS) c.fetchAllowPrivateNetworks = env.FETCH_ALLOW_PRIVATE_NETWORKS === 'true';
    return Object.assign(c, overrides);
  }
}
