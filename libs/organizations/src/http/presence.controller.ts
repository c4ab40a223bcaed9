import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Caller, Principal } from '@app/platform';
import { RecordMemberSeenCommand } from '../application/commands/record-member-seen.command';

/**
 * Reference updateOrganizationMemberLastSeenAt ("ping"): the caller was seen in the organization
 * (their member's `lastSeenAt`, kept to the minute). The optional `gitbookVisitorClaims` JWT of
 * the reference's answer is not issued: visitor claims come from the published-site context.
 */
@Controller('orgs/:organizationId/ping')
export class PresenceController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  async ping(@Caller() caller: Principal, @Param('organizationId') organizationId: string): Promise<Record<string, never>> {
    await this.commands.execute(new RecordMemberSeenCommand(organizationId, caller.userId));
    return {};
  }
}
