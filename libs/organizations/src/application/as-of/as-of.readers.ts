import { Injectable, OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AsOfPoint, AsOfReaders, ReadStore, Urls } from '@app/platform';
import { TeamNotFound } from '../../domain/organization';
import { TeamDoc, TEAMS } from '../queries/read-models';
import { countsAsOf, organizationAsOf, teamAsOf } from './as-of.queries';
import { OrganizationAsOf } from './as-of-organization';

/**
 * Registers the organization and team readers of time travel (the webhooks' `object`): the
 * representation their GETs answer at a point, for no caller (permissions all false but `view`).
 */
@Injectable()
export class OrganizationAsOfReaders implements OnModuleInit {
  constructor(
    private readonly readers: AsOfReaders,
    private readonly past: OrganizationAsOf,
    private readonly urls: Urls,
    private readonly queries: QueryBus,
    private readonly store: ReadStore,
  ) {}

  onModuleInit(): void {
    this.readers.register('organization', (id, point) => organizationAsOf(this.past, this.urls, id, point, null));
    this.readers.register('team', (id, point) => this.team(id, point));
  }

  private async team(teamId: string, point: AsOfPoint) {
    // A team's organization is known while the team lives (deleted teams leave the read model).
    const live = await this.store.get<TeamDoc>(TEAMS, teamId);
    const store = live && (await this.past.readModels(live.organizationId, point));
    if (!live || !store) return null;
    try {
      return await teamAsOf(store, countsAsOf(this.queries, point), live.organizationId, teamId, null);
    } catch (e) {
      if (e instanceof TeamNotFound) return null;
      throw e;
    }
  }
}
