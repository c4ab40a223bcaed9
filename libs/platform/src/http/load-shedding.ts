import { Logger } from '@nestjs/common';
import { AsyncResource } from 'async_hooks';
import type { IncomingMessage, ServerResponse } from 'http';
import { PlatformConfig } from '../config/platform-config';
import { DelaySource, EventLoopDelayMonitor } from './event-loop-delay';

export type { DelaySource } from './event-loop-delay';
export { EventLoopDelayMonitor } from './event-loop-delay';

export interface LoadShedderOptions {
  delay?: DelaySource;
  now?: () => number;
  /** Request work started per event-loop turn before yielding to the loop. */
  sliceMs?: number;
  /** A refused request's 503 goes out no sooner than this after the request arrived. */
  holdMs?: number;
  /** Called for each refused request (metrics). */
  onShed?: () => void;
}

interface Waiting {
  req: IncomingMessage;
  res: ServerResponse;
  arrivedAt: number;
  run: () => void;
}

type Next = (err?: unknown) => void;

/** The queue always admits this many, whatever the measured rate (a burst after a quiet time). */
const MIN_QUEUE = 16;
const RATE_WINDOW_MS = 250;
/** Bounds the immediates scheduled per turn; requests left over wait for the next turn. */
const MAX_STEPS_PER_TURN = 256;

/**
 * Reads of /health/* and /metrics are never refused, so a probe can always tell a busy server
 * from a dead one, and an overload shows in the metrics instead of hiding them.
 */
export const isHealthRead = (req: IncomingMessage): boolean =>
  (req.method === 'GET' || req.method === 'HEAD') && /^\/(health|metrics)(\/|$|\?)/.test(req.url ?? '');

/**
 * Admission control, the first middleware a request meets (before logging, body parsing and
 * authentication), so refusing costs almost nothing.
 *
 * Why a queue and not only a check: Node (libuv ≥ 1.45) accepts one new connection per
 * event-loop turn, and a turn runs every readable request to completion. At 500 busy
 * keep-alive connections a turn lasts hundreds of milliseconds, so connections still waiting
 * to be accepted starve for seconds (the 9.9 s answers of the overload finding) although the
 * server answers everyone else. Here a request is queued and the queue is worked in slices of
 * `sliceMs` per turn, so turns stay short: new connections are accepted, timers (health
 * probes, projections) run, and the time a request waited is known.
 *
 * A request is answered 503 + Retry-After with the reference error body when
 * - the event loop is delayed beyond `shedEventLoopDelayMs` (something blocks it),
 * - `shedMaxInFlight` requests are already queued or running,
 * - the queue holds more than the server starts within `shedQueueWaitMs` at its recent
 *   rate (they would wait too long), or
 * - it waited in the queue longer than `shedQueueWaitMs` (under overload the queue serves
 *   the newest first, see startNext).
 * A 503 goes out no sooner than `holdMs` after its request arrived: a client that retries at
 * once would otherwise keep its socket readable on every turn and make turns long again.
 */
export class LoadShedder {
  private readonly queue: Waiting[] = [];
  private head = 0;
  private running = 0;
  private held: Array<{ res: ServerResponse; body: string; due: number }> = [];
  private holdTimer: NodeJS.Timeout | null = null;
  private holdTimerDue = Infinity;
  private turnScheduled = false;
  private turnStart = -1;
  private stepsLeft = 0;
  private closing = false;
  private readonly idleWaiters = new Set<() => void>();
  /** Responses that stopped counting as in flight (see detach). */
  private readonly detached = new WeakSet<ServerResponse>();
  private readonly tracked = new WeakSet<ServerResponse>();
  private readonly delay: DelaySource;
  private readonly now: () => number;
  private readonly sliceMs: number;
  private readonly holdMs: number;
  private readonly onShed: () => void;
  private shedTotal = 0;
  private readonly shedBy = { eventLoopDelay: 0, inFlight: 0, queueFull: 0, queueWait: 0, shutdown: 0 };
  /** Requests started per second (moving average), measured in windows of RATE_WINDOW_MS. */
  private rate = 0;
  private rateWindowStart = -1;
  private rateWindowStarts = 0;
  private shedSinceLog = 0;
  private lastLog = -Infinity;
  private readonly logger = new Logger('LoadShedder');

  constructor(
    private readonly config: Pick<PlatformConfig, 'shedEventLoopDelayMs' | 'shedMaxInFlight' | 'shedQueueWaitMs'>,
    options: LoadShedderOptions = {},
  ) {
    this.delay = options.delay ?? new EventLoopDelayMonitor();
    this.now = options.now ?? (() => performance.now());
    this.sliceMs = options.sliceMs ?? 5;
    this.holdMs = options.holdMs ?? 500;
    this.onShed = options.onShed ?? (() => {});
  }

  /** Requests queued or running (health reads included), for draining at shutdown. */
  inFlight(): number {
    return this.queue.length - this.head + this.running;
  }

  stats() {
    return {
      inFlight: this.inFlight(),
      queued: this.queue.length - this.head,
      eventLoopDelayMs: Math.round(this.delay.delayMs()),
      startsPerSecond: Math.round(this.rate),
      maxQueued: this.maxQueued(),
      shed: this.shedTotal,
      shedBy: { ...this.shedBy },
      shuttingDown: this.closing,
    };
  }

  get shuttingDown(): boolean {
    return this.closing;
  }

  readonly middleware = (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    if (isHealthRead(req)) {
      this.track(res);
      return next();
    }
    if (this.closing) {
      // Keep-alive clients still send on open connections while the server drains.
      res.setHeader('Connection', 'close');
      return this.refuse(res, 'shutdown', 'The server is shutting down; retry shortly', -Infinity);
    }
    const delay = this.delay.delayMs();
    if (delay > this.config.shedEventLoopDelayMs) {
      return this.refuse(res, 'eventLoopDelay', `The server is overloaded (event loop delayed ${Math.round(delay)} ms); retry after 1 second`, this.now());
    }
    if (this.inFlight() >= this.config.shedMaxInFlight) {
      return this.refuse(res, 'inFlight', `The server is overloaded (${this.inFlight()} requests in flight); retry after 1 second`, this.now());
    }
    const queued = this.queue.length - this.head;
    if (queued >= this.maxQueued()) {
      return this.refuse(res, 'queueFull', `The server is overloaded (${queued} requests waiting); retry after 1 second`, this.now());
    }
    // In the request's own async context: it runs later, from the queue. (Not AsyncResource.bind,
    // which on Node 20 also builds a deprecation wrapper for every request.)
    const scope = new AsyncResource('docs-api:queued-request');
    this.queue.push({ req, res, arrivedAt: this.now(), run: () => scope.runInAsyncScope(next) });
    this.scheduleTurn();
  };

  /** Stops admitting (new requests get 503 + Connection: close); what is in flight goes on. */
  beginShutdown(): void {
    this.closing = true;
    this.flushHeld();
  }

  /** Resolves once nothing is queued or running. */
  idle(): Promise<void> {
    if (this.inFlight() === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.idleWaiters.delete(done);
        resolve();
      };
      this.idleWaiters.add(done);
    });
  }

  /**
   * The server starts accepting connections: building the application (hundreds of providers,
   * synchronously) delayed the loop before any request could wait behind it, so that delay must
   * not shed the first requests.
   */
  listening(): void {
    this.delay.forget?.();
  }

  close(): void {
    this.flushHeld(true);
    this.delay.close?.();
  }

  onApplicationShutdown(): void {
    this.close();
  }

  /**
   * As many requests as the server starts within `shedQueueWaitMs` at its recent rate:
   * a request queued behind more would wait too long and be refused anyway, after waiting.
   */
  private maxQueued(): number {
    return Math.max(MIN_QUEUE, Math.ceil((this.rate * this.config.shedQueueWaitMs) / 1000));
  }

  private countStart(now: number): void {
    if (this.rateWindowStart < 0) this.rateWindowStart = now;
    this.rateWindowStarts++;
    const elapsed = now - this.rateWindowStart;
    if (elapsed < RATE_WINDOW_MS) return;
    const r = (this.rateWindowStarts * 1000) / elapsed;
    this.rate = this.rate ? 0.7 * this.rate + 0.3 * r : r;
    this.rateWindowStart = now;
    this.rateWindowStarts = 0;
  }

  private scheduleTurn(): void {
    if (this.turnScheduled || this.queue.length === this.head) return;
    this.turnScheduled = true;
    // One immediate per queued request: Node drains microtasks between immediates, so each
    // step's clock reading includes the work of the requests started before it.
    this.turnStart = -1;
    this.stepsLeft = Math.min(this.queue.length - this.head, MAX_STEPS_PER_TURN);
    for (let i = 0; i < this.stepsLeft; i++) setImmediate(this.step);
  }

  private readonly step = (): void => {
    this.stepsLeft--;
    const now = this.now();
    if (this.turnStart < 0) this.turnStart = now;
    if (now - this.turnStart <= this.sliceMs) this.startNext(now);
    if (this.stepsLeft === 0) {
      this.turnScheduled = false;
      this.scheduleTurn();
    }
  };

  /**
   * Starts one request. First refuses, oldest first, those that waited longer than
   * `shedQueueWaitMs` (and drops those whose client left). Then adaptive LIFO: while the
   * queue keeps up, first come first served; once the oldest has waited half the limit, the
   * newest first, so the work goes to requests that can still be answered in time rather than
   * to ones about to expire (a FIFO queue under overload serves only stale requests).
   */
  private startNext(now: number): void {
    const limit = this.config.shedQueueWaitMs;
    while (this.head < this.queue.length) {
      const oldest = this.queue[this.head];
      const gone = this.gone(oldest);
      const waited = now - oldest.arrivedAt;
      if (!gone && waited <= limit) break;
      this.takeOldest();
      if (!gone)
        this.refuse(oldest.res, 'queueWait', `The server is overloaded (request waited ${Math.round(waited)} ms); retry after 1 second`, oldest.arrivedAt);
    }
    while (this.head < this.queue.length) {
      const behind = now - this.queue[this.head].arrivedAt > limit / 2;
      const w = behind ? this.takeNewest() : this.takeOldest();
      if (this.gone(w)) continue;
      this.countStart(now);
      this.track(w.res);
      w.run();
      return;
    }
    this.settled();
  }

  private gone(w: Waiting): boolean {
    return w.res.destroyed || !!w.req.socket?.destroyed;
  }

  private takeOldest(): Waiting {
    const w = this.queue[this.head];
    this.queue[this.head++] = undefined as unknown as Waiting;
    this.compact();
    return w;
  }

  private takeNewest(): Waiting {
    const w = this.queue.pop()!;
    this.compact();
    return w;
  }

  private compact(): void {
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  }

  private track(res: ServerResponse): void {
    this.running++;
    this.tracked.add(res);
    res.once('close', () => {
      if (this.detached.has(res)) return;
      this.running--;
      this.settled();
    });
  }

  /**
   * A long-lived response (a server-sent events stream) stops counting as a request in flight:
   * it is bounded by its own limit, and a few hundred open streams must not shed every other
   * request. Its owner ends it at shutdown.
   */
  detach(res: ServerResponse): void {
    if (!this.tracked.has(res) || this.detached.has(res)) return;
    this.detached.add(res);
    this.running--;
    this.settled();
  }

  private settled(): void {
    if (this.inFlight() === 0) for (const w of [...this.idleWaiters]) w();
  }

  private refuse(res: ServerResponse, reason: keyof LoadShedder['shedBy'], message: string, arrivedAt: number): void {
    this.shedTotal++;
    this.shedBy[reason]++;
    this.onShed();
    const now = this.now();
    if (now - this.lastLog > 10_000) {
      this.logger.warn(`load shedding: ${this.shedSinceLog + 1} request(s) answered 503 since the last report; ${message}`);
      this.lastLog = now;
      this.shedSinceLog = 0;
    } else this.shedSinceLog++;
    const body = JSON.stringify({ error: { code: 503, message } });
    res.statusCode = 503;
    res.setHeader('Retry-After', '1');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(body));
    const due = arrivedAt + this.holdMs;
    if (due <= now || this.closing) {
      res.end(body);
      return;
    }
    this.held.push({ res, body, due });
    if (due < this.holdTimerDue) this.armHoldTimer(due, now);
  }

  private armHoldTimer(due: number, now: number): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimerDue = due;
    this.holdTimer = setTimeout(() => this.flushHeld(), Math.max(1, due - now));
  }

  /** Sends the held 503s that are due (all of them at shutdown) and waits for the next. */
  private flushHeld(all = false): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    this.holdTimerDue = Infinity;
    const now = this.now();
    const keep: typeof this.held = [];
    let next = Infinity;
    for (const h of this.held) {
      if (h.res.destroyed) continue;
      if (all || this.closing || h.due <= now + 1) h.res.end(h.body);
      else {
        keep.push(h);
        next = Math.min(next, h.due);
      }
    }
    this.held = keep;
    if (keep.length) this.armHoldTimer(next, now);
  }
}
