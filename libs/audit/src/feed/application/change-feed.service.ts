import type { IncomingMessage, ServerResponse } from 'http';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { LoadShedder, PlatformConfig, Principal, TooManyRequests } from '@app/platform';
import { AuditEventSource, type AuditFilter } from '../../ports';
import { AuditProgress } from './audit-progress';
import { FeedStream } from './feed-stream';

export interface FeedRequest {
  caller: Principal;
  organizationId: string;
  filter: AuditFilter;
  after: number;
}

interface OpenStream {
  stream: FeedStream;
  res: ServerResponse;
}

/**
 * The open change-feed streams: at most FEED_MAX_STREAMS_PER_TOKEN per API token (one more is
 * refused with 429 before anything is sent), a comment line every FEED_HEARTBEAT_MS so proxies
 * keep idle streams open, and every stream ended when the server stops — as soon as a graceful
 * shutdown begins (the load shedder says so; streams would otherwise hold the drain until its
 * timeout) and at the latest when the application closes.
 */
@Injectable()
export class ChangeFeed implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('ChangeFeed');
  private readonly byToken = new Map<string, Set<OpenStream>>();
  private readonly progress: AuditProgress;
  private shedder: LoadShedder | null | undefined;

  constructor(
    private readonly source: AuditEventSource,
    private readonly config: PlatformConfig,
    private readonly moduleRef: ModuleRef,
  ) {
    this.progress = new AuditProgress(
      () => source.appliedPosition(),
      undefined,
      () => this.endIfShuttingDown(),
    );
  }

  /** Open streams (tests, metrics). */
  get openStreams(): number {
    let n = 0;
    for (const set of this.byToken.values()) n += set.size;
    return n;
  }

  /**
   * Answers `res` with the stream (200, text/event-stream) and pumps events until the client
   * goes away or the server stops. Throws 429 (nothing sent) past the token's limit.
   */
  open(request: FeedRequest, req: IncomingMessage, res: ServerResponse): void {
    const { caller, organizationId, filter, after } = request;
    // Gone while its access was checked: its 'close' has fired already and would never free a place.
    if (res.destroyed || !res.socket || res.socket.destroyed) return;
    const mine = this.byToken.get(caller.tokenId) ?? new Set<OpenStream>();
    const max = this.config.feedMaxStreamsPerToken;
    if (mine.size >= max)
      throw new TooManyRequests(
        `This API token has ${mine.size} change-feed streams open, the most it may (FEED_MAX_STREAMS_PER_TOKEN=${max}); close one before opening another`,
        5,
      );
    const stream = new FeedStream(this.source, this.progress, { organizationId, filter, after }, sinkOf(res));
    const open: OpenStream = { stream, res };
    mine.add(open);
    this.byToken.set(caller.tokenId, mine);

    // A stream has no end the client waits for: no socket timeout, and frames leave at once.
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // Reverse proxies (nginx) must not buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    res.write(': change feed open\n\n');
    const heartbeat = setInterval(() => {
      if (!res.writableNeedDrain) res.write(': keep-alive\n\n');
    }, this.config.feedHeartbeatMs);
    heartbeat.unref();

    const finish = () => {
      clearInterval(heartbeat);
      stream.close();
      mine.delete(open);
      if (mine.size === 0 && this.byToken.get(caller.tokenId) === mine) this.byToken.delete(caller.tokenId);
    };
    res.once('close', finish);
    this.lookUpShedder()?.detach(res);
    stream.run().then(
      () => res.end(),
      (e: unknown) => {
        // The client resumes with Last-Event-ID: ending the stream loses nothing.
        this.logger.error(`change feed of organization ${organizationId} stopped: ${(e as Error)?.message ?? String(e)}`);
        res.end();
      },
    );
    this.endIfShuttingDown();
  }

  /**
   * Nest closes the HTTP server (which waits for open connections) before onApplicationShutdown:
   * the streams end here, before it, and again there for streams opened meanwhile.
   */
  beforeApplicationShutdown(): void {
    this.endAll();
  }

  onApplicationShutdown(): void {
    this.endAll();
    this.progress.stop();
  }

  private endAll(): void {
    for (const set of [...this.byToken.values()])
      for (const { stream, res } of [...set]) {
        stream.close();
        res.end();
      }
  }

  private endIfShuttingDown(): void {
    if (this.lookUpShedder()?.shuttingDown) this.endAll();
  }

  /** The shedder lives in the API's root module (the CLI has none): looked up once, leniently. */
  private lookUpShedder(): LoadShedder | null {
    if (this.shedder === undefined) {
      try {
        this.shedder = this.moduleRef.get(LoadShedder, { strict: false });
      } catch {
        this.shedder = null;
      }
    }
    return this.shedder ?? null;
  }
}

/** Writes to the response; `drained` also resolves when the client is gone (the stream then stops). */
function sinkOf(res: ServerResponse) {
  return {
    write: (frame: string) => res.write(frame),
    drained: () =>
      new Promise<void>((resolve) => {
        if (res.destroyed || !res.writableNeedDrain) return resolve();
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.once('drain', done);
        res.once('close', done);
      }),
  };
}
