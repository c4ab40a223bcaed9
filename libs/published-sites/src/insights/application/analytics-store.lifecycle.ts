import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AnalyticsStore } from './analytics-store.port';

/** Closes the analytics store at shutdown (its file or its MongoDB client), as the platform closes its stores. */
@Injectable()
export class AnalyticsStoreLifecycle implements OnApplicationShutdown {
  constructor(private readonly store: AnalyticsStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
