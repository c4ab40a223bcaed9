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
  /**
   * Of the instances sharing a store, the one holding the projections lease runs them; it
   * renews it every third of this, and another takes over within this after it dies.
   */
  projectionLeaseMs = 5000;
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
  /** Bearer token GET /metrics requires (METRICS_TOKEN); unset: open. A secret: never logged or shown. */
  metricsToken: string | null = null;

  // --- Overload and health (issue 8 §5-§6, issue 20) ---
  /** Shed load (503 + Retry-After) when the event loop is delayed beyond this. */
  shedEventLoopDelayMs = 200;
  /** Shed load when more requests than this are in flight. */
  shedMaxInFlight = 256;
  /**
   * How far V8 lets the heap grow past what is live before its next full collection, in percent
   * (HEAP_GROWING_PERCENT; 0: V8's own heuristics, which let a busy server's heap reach several
   * times its live size). Applied by the API's main at start.
   */
  heapGrowingPercent = 50;
  /**
   * The share of its event loop's time a lane (webhook delivery) may use while the API's event
   * loop is busy (LANE_BUSY_SHARE, above 0 up to 1; 1: lanes never yield). See LanePacer.
   */
  laneBusyShare = 0.05;
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
  /**
   * Hosts (names or addresses) outbound requests to user-supplied URLs may reach although they are
   * loopback, private, link-local or cloud metadata addresses (OUTBOUND_ALLOWED_HOSTS, comma-separated).
   */
  outboundAllowedHosts: string[] = [];
  /** Most pages one content import writes, crawled or in the uploaded files (IMPORT_MAX_PAGES); past it the run fails. */
  importMaxPages = 200;
  /** Most bytes one content import reads, downloaded or unpacked (IMPORT_MAX_BYTES); past it the run fails. */
  importMaxBytes = 50 * 1024 * 1024;

  // --- Live change feed (issue 19) ---
  /** Interval of the SSE comment line that keeps idle streams open through proxies (FEED_HEARTBEAT_MS). */
  feedHeartbeatMs = 15_000;
  /** Open change-feed streams per API token; one more answers 429 (FEED_MAX_STREAMS_PER_TOKEN). */
  feedMaxStreamsPerToken = 5;

  // --- Webhooks (issue 19) ---
  /** Delays before each retry of a failed delivery, in ms (WEBHOOK_RETRY_SCHEDULE, comma-separated; ±20% jitter); then the delivery fails. */
  webhookRetryScheduleMs = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
  /** Bound of one delivery attempt (WEBHOOK_TIMEOUT_MS; never more than FETCH_TIMEOUT_MS). */
  webhookTimeoutMs = 10_000;
  /** Failed deliveries in a row after which an endpoint is disabled (WEBHOOK_DISABLE_AFTER_FAILURES). */
  webhookDisableAfterFailures = 5;
  /** How long the previous secret keeps signing after a rotation (WEBHOOK_ROTATION_GRACE_MS). */
  webhookRotationGraceMs = 24 * 3600 * 1000;
  /**
   * Where webhook deliveries are dispatched and sent (WEBHOOK_DELIVERY): `thread` (a worker
   * thread of the process that runs workers, so writes never wait for deliveries) or `inline`
   * (the API's own event loop: less memory, and a test's manual clock applies).
   */
  webhookDelivery: 'thread' | 'inline' = 'thread';
  /** Set only inside a worker thread that runs one lane of work (e.g. 'webhooks'); never from the environment. */
  lane: string | null = null;

  // --- Translation providers (translations, issue 14): an OpenAI-compatible chat endpoint or LibreTranslate ---
  /** TRANSLATOR_PROVIDER: openai or libretranslate; unset: the one whose URL is set (OpenAI first when both are). */
  translatorProvider: 'openai' | 'libretranslate' | null = null;
  /** Base URL of an OpenAI-compatible API, `/chat/completions` is appended (TRANSLATOR_OPENAI_URL, e.g. https://api.openai.com/v1). */
  translatorOpenaiUrl: string | null = null;
  /** Bearer key of that API (TRANSLATOR_OPENAI_API_KEY); never logged or shown. */
  translatorOpenaiApiKey: string | null = null;
  /** Chat model (TRANSLATOR_OPENAI_MODEL). */
  translatorOpenaiModel = 'gpt-4o-mini';
  /** Base URL of a LibreTranslate server, `/translate` is appended (TRANSLATOR_LIBRETRANSLATE_URL). */
  translatorLibreTranslateUrl: string | null = null;
  /** Its `api_key` (TRANSLATOR_LIBRETRANSLATE_API_KEY); never logged or shown. */
  translatorLibreTranslateApiKey: string | null = null;
  /** Bound of one call to the provider (TRANSLATOR_TIMEOUT_MS). */
  translatorTimeoutMs = 120_000;

  // --- Conversations (issue 15): issue extraction by an OpenAI-compatible chat endpoint; unset: the deterministic rules ---
  /** Base URL, `/chat/completions` appended (CONVERSATIONS_OPENAI_URL); when set, the LLM extractor is used. */
  conversationsOpenaiUrl: string | null = null;
  /** Bearer key (CONVERSATIONS_OPENAI_API_KEY); never logged or shown. */
  conversationsOpenaiApiKey: string | null = null;
  /** Chat model (CONVERSATIONS_OPENAI_MODEL). */
  conversationsOpenaiModel = 'gpt-4o-mini';
  /** Bound of one extraction call (CONVERSATIONS_OPENAI_TIMEOUT_MS). */
  conversationsOpenaiTimeoutMs = 60_000;

  // --- Git sync (issue 16) ---
  /** Folders under which git sync may read and write local repositories (GIT_LOCAL_ROOTS, comma-separated); empty: local paths refused. */
  gitLocalRoots: string[] = [];

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
    if (env.PROJECTION_LEASE_MS) {
      const ms = Number(env.PROJECTION_LEASE_MS);
      if (!Number.isInteger(ms) || ms < 300 || ms > 600_000) throw new Error('PROJECTION_LEASE_MS must be an integer from 300 to 600000 (milliseconds)');
      c.projectionLeaseMs = ms;
    }
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
    c.metricsToken = env.METRICS_TOKEN || null;
    if (env.SHED_EVENT_LOOP_DELAY_MS) c.shedEventLoopDelayMs = Number(env.SHED_EVENT_LOOP_DELAY_MS);
    if (env.SHED_MAX_IN_FLIGHT) c.shedMaxInFlight = Number(env.SHED_MAX_IN_FLIGHT);
    if (env.HEAP_GROWING_PERCENT !== undefined && env.HEAP_GROWING_PERCENT !== '') {
      const percent = Number(env.HEAP_GROWING_PERCENT);
      if (!Number.isInteger(percent) || percent < 0 || percent > 400) throw new Error('HEAP_GROWING_PERCENT must be an integer from 0 to 400 (0: V8 decides)');
      c.heapGrowingPercent = percent;
    }
    if (env.LANE_BUSY_SHARE !== undefined && env.LANE_BUSY_SHARE !== '') {
      const share = Number(env.LANE_BUSY_SHARE);
      if (!Number.isFinite(share) || share <= 0 || share > 1) throw new Error('LANE_BUSY_SHARE must be a number above 0 and at most 1 (1: lanes never yield)');
      c.laneBusyShare = share;
    }
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
    if (env.OUTBOUND_ALLOWED_HOSTS)
      c.outboundAllowedHosts = env.OUTBOUND_ALLOWED_HOSTS.split(',')
        .map((h) => h.trim())
        .filter(Boolean);
    if (env.IMPORT_MAX_PAGES) c.importMaxPages = Number(env.IMPORT_MAX_PAGES);
    if (env.IMPORT_MAX_BYTES) c.importMaxBytes = Number(env.IMPORT_MAX_BYTES);
    if (env.FEED_HEARTBEAT_MS) c.feedHeartbeatMs = Number(env.FEED_HEARTBEAT_MS);
    if (env.FEED_MAX_STREAMS_PER_TOKEN) c.feedMaxStreamsPerToken = Number(env.FEED_MAX_STREAMS_PER_TOKEN);
    if (env.WEBHOOK_RETRY_SCHEDULE) c.webhookRetryScheduleMs = env.WEBHOOK_RETRY_SCHEDULE.split(',').map((v) => Number(v.trim()));
    if (env.WEBHOOK_TIMEOUT_MS) c.webhookTimeoutMs = Number(env.WEBHOOK_TIMEOUT_MS);
    if (env.WEBHOOK_DISABLE_AFTER_FAILURES) c.webhookDisableAfterFailures = Number(env.WEBHOOK_DISABLE_AFTER_FAILURES);
    if (env.WEBHOOK_ROTATION_GRACE_MS) c.webhookRotationGraceMs = Number(env.WEBHOOK_ROTATION_GRACE_MS);
    if (env.WEBHOOK_DELIVERY) {
      if (env.WEBHOOK_DELIVERY !== 'thread' && env.WEBHOOK_DELIVERY !== 'inline') throw new Error('WEBHOOK_DELIVERY: must be "thread" or "inline"');
      c.webhookDelivery = env.WEBHOOK_DELIVERY;
    }
    if (env.TRANSLATOR_PROVIDER === 'openai' || env.TRANSLATOR_PROVIDER === 'libretranslate') c.translatorProvider = env.TRANSLATOR_PROVIDER;
    c.translatorOpenaiUrl = env.TRANSLATOR_OPENAI_URL || null;
    c.translatorOpenaiApiKey = env.TRANSLATOR_OPENAI_API_KEY || null;
    if (env.TRANSLATOR_OPENAI_MODEL) c.translatorOpenaiModel = env.TRANSLATOR_OPENAI_MODEL;
    c.translatorLibreTranslateUrl = env.TRANSLATOR_LIBRETRANSLATE_URL || null;
    c.translatorLibreTranslateApiKey = env.TRANSLATOR_LIBRETRANSLATE_API_KEY || null;
    if (env.TRANSLATOR_TIMEOUT_MS) c.translatorTimeoutMs = Number(env.TRANSLATOR_TIMEOUT_MS);
    c.conversationsOpenaiUrl = env.CONVERSATIONS_OPENAI_URL || null;
    c.conversationsOpenaiApiKey = env.CONVERSATIONS_OPENAI_API_KEY || null;
    if (env.CONVERSATIONS_OPENAI_MODEL) c.conversationsOpenaiModel = env.CONVERSATIONS_OPENAI_MODEL;
    if (env.CONVERSATIONS_OPENAI_TIMEOUT_MS) c.conversationsOpenaiTimeoutMs = Number(env.CONVERSATIONS_OPENAI_TIMEOUT_MS);
    if (env.GIT_LOCAL_ROOTS)
      c.gitLocalRoots = env.GIT_LOCAL_ROOTS.split(',')
        .map((r) => r.trim())
        .filter(Boolean);
    return Object.assign(c, overrides);
  }
}
