import { Injectable, OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AsOfReaders, Urls } from '@app/platform';
import { CountMemberSpacesAsOfHandler, CountTeamSpacesAsOfHandler } from './as-of-contract.queries';
import { collectionAsOf, GetCollectionAsOfHandler, GetSpaceAsOfHandler, spaceAsOf } from './as-of-items.queries';
import { ListPermissionsAsOfHandler } from './as-of-permissions.queries';
import { SpacesAsOf } from './as-of-spaces';

/** Registers the space and collection readers of time travel (the webhooks' `object`): their GETs' representation for no caller. */
@Injectable()
export class SpacesAsOfReaders implements OnModuleInit {
  constructor(
    private readonly readers: AsOfReaders,
    private readonly past: SpacesAsOf,
    private readonly queries: QueryBus,
    private readonly urls: Urls,
  ) {}

  onModuleInit(): void {
    this.readers.register('space', (id, point) => spaceAsOf(this.past, this.queries, this.urls, id, point, null));
    this.readers.register('collection', (id, point) => collectionAsOf(this.past, this.urls, id, point, null));
  }
}

/** Everything time travel adds to the spaces module. */
export const SPACES_AS_OF_PROVIDERS = [
  SpacesAsOf,
  SpacesAsOfReaders,
  GetSpaceAsOfHandler,
  GetCollectionAsOfHandler,
  ListPermissionsAsOfHandler,
  CountMemberSpacesAsOfHandler,
  CountTeamSpacesAsOfHandler,
];
