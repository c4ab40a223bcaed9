import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PlatformConfig, ProjectionEngine } from '@app/platform';
import { SearchIndex } from '../index/search-index.port';
import { SqliteSearchIndex } from '../index/sqlite-search-index';
import { searchIndexProjection } from './search-index.projection';

/** How often a worker looks for generations of the read model without their text index (rebuilds). */
const PREPARE_EVERY_MS = 1000;

/**
 * Registers the search-index projection (its handler reads content through the QueryBus, so it
 * is built here rather than listed in SEARCH_PROJECTIONS) and, embedded, gives every generation
 * of its read model a text index as soon as it appears: a rebuild (CLI) fills a new generation
 * beside the live one, and its index is made while that generation is still nearly empty.
 */
@Injectable()
export class SearchIndexLifecycle implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly logger = new Logger('SearchIndex');

  constructor(
    private readonly engine: ProjectionEngine,
    private readonly queries: QueryBus,
    private readonly index: SearchIndex,
    private readonly config: PlatformConfig,
  ) {}

  onModuleInit(): void {
    this.engine.registerProjection(searchIndexProjection(this.queries));
  }

  onApplicationBootstrap(): void {
    const index = this.index;
    if (!(index instanceof SqliteSearchIndex) || !this.config.runWorkers) return;
    const tick = () => {
      if (this.running) return;
      this.running = index
        .prepareAll()
        .catch((e: unknown) => this.logger.error(`preparing the text index failed (retried): ${String(e)}`))
        .finally(() => (this.running = null));
    };
    tick();
    this.timer = setInterval(tick, PREPARE_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.index.close();
  }
}
