import { DynamicModule, Global, Inject, Module, OnApplicationBootstrap, OnApplicationShutdown, OnModuleDestroy, Provider } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { createEventStore, createReadStore } from './adapters';
import { createBlobStore } from './blobs/blob-store.adapters';
import { BlobStore } from './blobs/blob-store.port';
import { BearerAuthGuard } from './auth/auth';
import { Clock, SystemClock } from './clock/clock';
import { PlatformConfig } from './config/platform-config';
import { EventSourcing } from './ddd/event-sourcing.service';
import { EventStore } from './event-store/event-store.port';
import { ConsistencyInterceptor } from './http/consistency.interceptor';
import { ConditionalRequestsInterceptor } from './http/conditional-requests.interceptor';
import { IdempotencyInterceptor } from './http/idempotency.interceptor';
import { HttpConventionsInterceptor } from './http/http-conventions.interceptor';
import { ErrorFilter } from './http/error.filter';
import { InputGuard } from './http/input.guard';
import { Urls } from './http/urls';
import { validationPipe } from './http/validation';
import { IdGenerator, RandomIdGenerator } from './ids/ids';
import { Metrics } from './observability/metrics.service';
import { PlatformMetricsCollector } from './observability/metrics-platform.collector';
import { ProjectionEngine } from './projections/projection-engine';
import { InvalidatingCache } from './cache/invalidating-cache';
import { LaneDemand } from './lanes/lane-demand';
import { LanePacer } from './lanes/lane-pacer';
import { ReadStore } from './read-store/read-store.port';
import { Scheduler, timersProjection } from './scheduler/scheduler';
import { CancelTimerHandler, ScheduleTimerHandler } from './scheduler/timer.commands';
import { AsOfEvents, AsOfReaders, AsOfResolver } from './time-travel';
import { checkSigningKeyConfig, RotateSigningKeyHandler, SealedIds, SealedSecrets, SigningKeys } from './secrets';

export interface PlatformOptions {
  config?: PlatformConfig;
  clock?: Clock;
  ids?: IdGenerator;
}

/**
 * The HTTP conventions, registered by the API's root module (the guard needs the identity
 * context's TokenVerifier, which the root module imports).
 */
export const httpConventions = (): Provider[] => [
  { provide: APP_FILTER, useClass: ErrorFilter },
  // One instance, also asked by the unknown-route gate (bootstrap.ts) so that known and
  // unknown paths authenticate alike. Guards run in this order: the caller, then the input.
  BearerAuthGuard,
  { provide: APP_GUARD, useExisting: BearerAuthGuard },
  { provide: APP_GUARD, useClass: InputGuard },
  // One global interceptor chaining them (see HttpConventionsInterceptor): the consistency wait,
  // then inside it, in this order, a replayed Idempotency-Key answers before If-Match is checked.
  ConsistencyInterceptor,
  IdempotencyInterceptor,
  ConditionalRequestsInterceptor,
  { provide: APP_INTERCEPTOR, useClass: HttpConventionsInterceptor },
  { provide: APP_PIPE, useFactory: validationPipe },
];

/**
 * Shared infrastructure for every bounded context: the two stores, event sourcing, projections,
 * sagas and timers, and the HTTP conventions. The stores close last, at shutdown.
 */
@Global()
@Module({})
export class PlatformModule implements OnApplicationShutdown {
  constructor(
    private readonly events: EventStore,
    private readonly reads: ReadStore,
  ) {}

  static forRoot(options: PlatformOptions = {}): DynamicModule {
    const config = options.config ?? PlatformConfig.fromEnv();
    checkSigningKeyConfig(config);
    const providers: Provider[] = [
      { provide: PlatformConfig, useValue: config },
      { provide: Clock, useValue: options.clock ?? new SystemClock() },
      { provide: IdGenerator, useValue: options.ids ?? new RandomIdGenerator() },
      Metrics,
      PlatformMetricsCollector,
      { provide: EventStore, useFactory: (metrics: Metrics) => createEventStore(config, metrics), inject: [Metrics] },
      { provide: ReadStore, useFactory: () => createReadStore(config) },
      { provide: BlobStore, useFactory: () => createBlobStore(config) },
      EventSourcing,
      InvalidatingCache,
      LaneDemand,
      LanePacer,
      ProjectionEngine,
      Scheduler,
      ScheduleTimerHandler,
      CancelTimerHandler,
      Urls,
      SigningKeys,
      SealedIds,
      SealedSecrets,
      AsOfReaders,
      AsOfResolver,
      AsOfEvents,
      RotateSigningKeyHandler,
    ];
    return {
      module: PlatformModule,
      imports: [CqrsModule.forRoot()],
      providers,
      exports: [
        PlatformConfig,
        Clock,
        IdGenerator,
        EventStore,
        ReadStore,
        BlobStore,
        EventSourcing,
        InvalidatingCache,
        LaneDemand,
        LanePacer,
        ProjectionEngine,
        Scheduler,
        Urls,
        SigningKeys,
        SealedIds,
        SealedSecrets,
        AsOfReaders,
        AsOfResolver,
        AsOfEvents,
        Metrics,
        CqrsModule,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.events.close();
    await this.reads.close();
  }
}

/**
 * Starts projections, sagas and the scheduler. Imported by the root module (not global) so its
 * bootstrap hook runs after the global modules' — CQRS registers its handlers in its own —
 * and after every context registered its projections in onModuleInit.
 */
@Module({})
export class PlatformWorkersModule implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    @Inject(PlatformConfig) private readonly config: PlatformConfig,
    private readonly engine: ProjectionEngine,
    private readonly scheduler: Scheduler,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.engine.registerProjection(timersProjection);
    if (this.config.runWorkers) {
      // Timers fire where the projections run: on the instance holding the projections lease.
      this.engine.onLeadership((leading) => (leading ? this.scheduler.start() : void this.scheduler.stop()));
      await this.engine.lead();
    } else {
      await this.engine.define();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.scheduler.stop();
    await this.engine.stop();
  }
}
