import { Injectable, OnModuleInit } from '@nestjs/common';
import { AsOfReaders } from '@app/platform';
import { ContentAsOf } from './as-of-content';

/**
 * Content's resources in the platform's as-of registry, by audit target type (a webhook's
 * `object` is the resource as its GET answered as of the event): `change-request` by its id,
 * `space-content` by the space's id (main's revision then), `revision` by its id.
 */
@Injectable()
export class ContentAsOfReaders implements OnModuleInit {
  constructor(
    private readonly readers: AsOfReaders,
    private readonly asOf: ContentAsOf,
  ) {}

  onModuleInit(): void {
    this.readers.register('change-request', (id, point) => this.asOf.changeRequest(id, point));
    this.readers.register('space-content', (spaceId, point) => this.asOf.mainContent(spaceId, point));
    this.readers.register('revision', (id, point) => this.asOf.revisionById(id, point));
  }
}
