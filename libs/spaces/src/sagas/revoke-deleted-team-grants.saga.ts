import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RecordedEvent, SagaDefinition } from '@app/platform';
import { RevokeTeamGrantsCommand } from '../application/commands/revoke-team-grants';
import { OrganizationEvents } from '@app/organizations/contracts';

/**
 * A deleted team (organizations context's `TeamDeleted`, matched by type string) keeps no
 * permission on spaces or collections: its grants are revoked with the usual events, so the
 * write side, the listings and the organizations context's counters agree.
 */
@Injectable()
export class RevokeDeletedTeamGrantsSaga implements SagaDefinition {
  readonly name = 'revoke-deleted-team-grants';
  readonly handles = [OrganizationEvents.TeamDeleted];

  constructor(private readonly commands: CommandBus) {}

  async react(e: RecordedEvent): Promise<void> {
    await this.commands.execute(new RevokeTeamGrantsCommand((e.data as { teamId: string }).teamId, e.position));
  }
}
