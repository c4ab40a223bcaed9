import { Body, Controller, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller, PageQuery, Principal, ResourceStream } from '@app/platform';
import { UpdateGlossaryCommand } from '../application/commands/glossary.commands';
import { GetGlossaryEntryQuery, ListGlossaryEntriesQuery } from '../application/queries/translation.queries';
import { glossaryStream } from '../domain/glossary';
import { UpdateGlossaryBody } from './translation.bodies';

type Params = Record<string, string>;

/** The glossary operations of the reference: entries per organization, each a term in several languages. */
@Controller('orgs/:organizationId/translations-glossary')
export class GlossaryController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@Caller() caller: Principal, @Param() p: Params, @Query() q: PageQuery) {
    return this.queries.execute(new ListGlossaryEntriesQuery(caller, p.organizationId, q));
  }

  /** A batch of inserts, updates and deletes, all or nothing (204). */
  @Put()
  @HttpCode(204)
  async update(@Caller() caller: Principal, @Param() p: Params, @Body() body: UpdateGlossaryBody): Promise<void> {
    await this.commands.execute(new UpdateGlossaryCommand(caller, p.organizationId, body.operations));
  }

  // An entry is versioned by its organization's glossary stream (one batch may change many entries).
  @Get(':glossaryEntryId')
  @ResourceStream((p) => glossaryStream(p.organizationId))
  get(@Caller() caller: Principal, @Param() p: Params) {
    return this.queries.execute(new GetGlossaryEntryQuery(caller, p.organizationId, p.glossaryEntryId));
  }
}
